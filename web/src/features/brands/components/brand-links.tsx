import type { Brand } from '@hunted/contracts';
import { Camera, ExternalLink, Globe, Music2, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

interface BrandLink {
  key: 'instagram' | 'etsy' | 'website' | 'tiktok';
  label: string;
  href: string;
  icon: ReactNode;
}

/** The brand's own places on the web, in the spec's order, only those it has. */
export function brandLinks(brand: Pick<Brand, 'instagramUrl' | 'etsyUrl' | 'websiteUrl' | 'tiktokUrl'>): BrandLink[] {
  const links: (BrandLink | null)[] = [
    brand.instagramUrl
      ? { key: 'instagram', label: 'Instagram', href: brand.instagramUrl, icon: <Camera aria-hidden /> }
      : null,
    brand.etsyUrl ? { key: 'etsy', label: 'Etsy shop', href: brand.etsyUrl, icon: <Store aria-hidden /> } : null,
    brand.websiteUrl ? { key: 'website', label: 'Website', href: brand.websiteUrl, icon: <Globe aria-hidden /> } : null,
    brand.tiktokUrl ? { key: 'tiktok', label: 'TikTok', href: brand.tiktokUrl, icon: <Music2 aria-hidden /> } : null,
  ];
  return links.filter((link): link is BrandLink => link !== null);
}

/** Small round icon links, for cards. */
export function BrandLinkIcons({ brand, className }: { brand: Brand; className?: string }) {
  const links = brandLinks(brand);
  if (links.length === 0) return null;
  return (
    <ul className={cn('flex items-center gap-1.5', className)}>
      {links.map((link) => (
        <li key={link.key}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${link.label} (opens in a new window)`}
            title={link.label}
            className="inline-flex h-8 w-8 items-center justify-center rounded-full border border-stone-200 bg-white text-stone-600 transition-colors hover:border-brand-200 hover:bg-brand-50 hover:text-brand-700 [&_svg]:h-4 [&_svg]:w-4"
          >
            {link.icon}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Full-width labelled links, for the detail page's 'Visit' panel. */
export function BrandLinkList({ brand }: { brand: Brand }) {
  const links = brandLinks(brand);
  if (links.length === 0) return <p className="text-sm text-stone-500">This brand has not shared any links yet.</p>;
  return (
    <ul className="space-y-2">
      {links.map((link) => (
        <li key={link.key}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white px-3.5 py-2.5 text-sm font-semibold text-stone-800 transition-colors hover:border-brand-200 hover:bg-brand-50 hover:text-brand-700 [&>svg:first-child]:h-4 [&>svg:first-child]:w-4"
          >
            {link.icon}
            <span className="flex-1">{link.label}</span>
            <ExternalLink className="h-3.5 w-3.5 text-stone-400" aria-hidden />
          </a>
        </li>
      ))}
    </ul>
  );
}
