import { SESSION_TYPE_LABELS, SESSION_TYPES, type Hunter } from '@hunted/contracts';
import { Camera, MapPin, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatMoney } from '@/lib/money';
import { isWebLink } from '@/lib/web-link';

function Chips({ label, items }: { label: string; items: string[] }) {
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{label}</h4>
      {items.length === 0 ? (
        <p className="mt-1.5 text-sm text-stone-500">None listed.</p>
      ) : (
        <ul aria-label={label} className="mt-1.5 flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li key={item} className="rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium text-stone-700">
              {item}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Photo({ hunter }: { hunter: Hunter }) {
  const [failed, setFailed] = useState(false);
  if (hunter.profileImageUrl && !failed) {
    return (
      <img
        src={hunter.profileImageUrl}
        alt={`Photo of ${hunter.name}`}
        onError={() => setFailed(true)}
        className="h-24 w-24 shrink-0 rounded-2xl object-cover ring-1 ring-stone-200 sm:h-28 sm:w-28"
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${hunter.name} has no photo`}
      className="flex h-24 w-24 shrink-0 items-center justify-center rounded-2xl bg-stone-100 text-stone-400 ring-1 ring-stone-200 sm:h-28 sm:w-28"
    >
      <UserRound className="h-10 w-10" aria-hidden />
    </span>
  );
}

/**
 * A hunter's profile as a client would read it (photo, name, place, bio, specialties, services, languages, the
 * session types with their prices, Instagram), so the concierge team judges what would be published. `actions`
 * sit under the profile.
 */
export function HunterProfilePreview({
  hunter,
  meta,
  actions,
}: {
  hunter: Hunter;
  meta?: ReactNode;
  actions?: ReactNode;
}) {
  const sessionTypes = SESSION_TYPES.filter((key) => hunter.sessionTypes[key].enabled);
  const instagram = hunter.instagramUrl && isWebLink(hunter.instagramUrl) ? hunter.instagramUrl : null;
  return (
    <article
      aria-label={`Profile of ${hunter.name}`}
      className="overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:p-6">
        <Photo hunter={hunter} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="text-xl font-bold tracking-tight break-words text-stone-900">{hunter.name}</h3>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
                <span className="inline-flex items-center gap-1">
                  <MapPin className="h-4 w-4 text-stone-400" aria-hidden /> {hunter.location}
                </span>
                <span>
                  {hunter.yearsExperience} {hunter.yearsExperience === 1 ? 'year' : 'years'} experience
                </span>
              </p>
            </div>
            {meta}
          </div>
          {hunter.bio ? (
            <p className="mt-3 text-sm leading-6 whitespace-pre-line text-stone-700">{hunter.bio}</p>
          ) : (
            <p className="mt-3 text-sm text-stone-500 italic">No bio.</p>
          )}
        </div>
      </div>

      <div className="grid gap-5 border-t border-stone-100 px-5 py-5 sm:grid-cols-3 sm:px-6">
        <Chips label="Specialties" items={hunter.specialties} />
        <Chips label="Services" items={hunter.adviceTypes} />
        <Chips label="Languages" items={hunter.languages} />
      </div>

      <div className="border-t border-stone-100 px-5 py-5 sm:px-6">
        <h4 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Sessions and prices</h4>
        {sessionTypes.length === 0 ? (
          <p className="mt-1.5 text-sm text-stone-500">No session types offered.</p>
        ) : (
          <ul aria-label="Sessions and prices" className="mt-2 grid gap-2 sm:grid-cols-2">
            {sessionTypes.map((key) => {
              const settings = hunter.sessionTypes[key];
              return (
                <li
                  key={key}
                  className="flex items-center justify-between gap-3 rounded-xl bg-stone-50 px-3.5 py-2.5 text-sm ring-1 ring-stone-100"
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-stone-900">{SESSION_TYPE_LABELS[key]}</span>
                    <span className="text-xs text-stone-500">{settings.duration} min</span>
                  </span>
                  <span className="font-semibold text-stone-900 tabular-nums">
                    {settings.price > 0
                      ? formatMoney(settings.price * 100, hunter.currency, { minorUnits: 'unlessWhole' })
                      : 'Free'}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {instagram ? (
          <a
            href={instagram}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800"
          >
            <Camera className="h-4 w-4" aria-hidden /> Instagram: {instagram.replace(/^https?:\/\/(www\.)?/, '')}
          </a>
        ) : (
          <p className="mt-4 text-sm text-stone-500">No Instagram link.</p>
        )}
      </div>

      {actions ? (
        <div className="flex flex-col-reverse gap-2 border-t border-stone-100 bg-stone-50/70 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
          {actions}
        </div>
      ) : null}
    </article>
  );
}
