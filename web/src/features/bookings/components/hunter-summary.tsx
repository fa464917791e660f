import type { Hunter } from '@hunted/contracts';
import { Camera, MapPin, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Accordion, AccordionItem } from '@/components/ui/accordion';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { paths } from '@/config/paths';
import { hasRating, ratingLabel } from '@/lib/rating';
import { viewerTimeZone } from '@/lib/time-zone';
import { isWebLink } from '@/lib/web-link';
import { placeOfZone } from '@hunted/contracts';

function Initials({ name }: { name: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  return (
    <span
      role="img"
      aria-label={`${name}'s initials`}
      className="flex h-20 w-20 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-100 via-stone-100 to-amber-100 text-2xl font-bold text-brand-700"
    >
      {initials}
    </span>
  );
}

function Chips({ items }: { items: string[] }) {
  if (items.length === 0) return <p className="text-sm text-stone-500">None listed.</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium text-stone-700">
          {item}
        </li>
      ))}
    </ul>
  );
}

function panelTitle(title: string, count: number): ReactNode {
  return (
    <span className="flex items-center gap-2">
      {title}
      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{count}</span>
    </span>
  );
}

/** Who is being booked: photo, name, rating and place, then the spec's collapsible panels. */
export function HunterSummary({ hunter }: { hunter: Hunter }) {
  return (
    <aside className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6" aria-label="Your hunter">
      <div className="flex items-center gap-4">
        {hunter.profileImageUrl ? (
          <img
            src={hunter.profileImageUrl}
            alt={`Photo of ${hunter.name}`}
            className="h-20 w-20 shrink-0 rounded-2xl object-cover"
          />
        ) : (
          <Initials name={hunter.name} />
        )}
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="text-xl font-bold break-words text-stone-900">{hunter.name}</h2>
            {hunter.verified ? <VerifiedBadge /> : null}
          </div>
          <p className="mt-1 flex items-center gap-1 text-sm text-stone-600">
            <Star
              className={hasRating(hunter.rating) ? 'h-4 w-4 fill-amber-400 text-amber-400' : 'h-4 w-4 text-stone-400'}
              aria-hidden
            />
            {hasRating(hunter.rating)
              ? `${ratingLabel(hunter.rating)} (${hunter.reviewCount} ${hunter.reviewCount === 1 ? 'review' : 'reviews'})`
              : 'New · no reviews yet'}
          </p>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
            <MapPin className="h-4 w-4" aria-hidden /> {hunter.location}
            {/* Where the hunter's clock differs from the client's, the client knows whose time "in Madrid" is. */}
            {hunter.timeZone !== viewerTimeZone() ? (
              <span className="text-stone-500">· {placeOfZone(hunter.timeZone)} time</span>
            ) : null}
          </p>
          <Link
            to={paths.hunter.getHref(hunter)}
            className="mt-1 inline-block text-sm font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
          >
            View profile and reviews
          </Link>
        </div>
      </div>
      {hunter.bio ? <p className="mt-4 text-sm leading-6 text-stone-600">{hunter.bio}</p> : null}
      <Accordion type="multiple" className="mt-2">
        <AccordionItem
          value="specialties"
          level={3}
          question={panelTitle('Style Specialties', hunter.specialties.length)}
        >
          <Chips items={hunter.specialties} />
        </AccordionItem>
        <AccordionItem value="services" level={3} question={panelTitle('Services', hunter.adviceTypes.length)}>
          <Chips items={hunter.adviceTypes} />
        </AccordionItem>
        <AccordionItem value="languages" level={3} question={panelTitle('Languages', hunter.languages.length)}>
          <Chips items={hunter.languages} />
        </AccordionItem>
        {hunter.instagramUrl && isWebLink(hunter.instagramUrl) ? (
          <AccordionItem value="instagram" level={3} question="Follow on Instagram">
            <a
              href={hunter.instagramUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-800"
            >
              <Camera className="h-4 w-4" aria-hidden /> {hunter.name} on Instagram
            </a>
          </AccordionItem>
        ) : null}
      </Accordion>
    </aside>
  );
}
