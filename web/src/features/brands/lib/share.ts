import type { Brand } from '@hunted/contracts';
import { paths } from '@/config/paths';

/** The address to share: the canonical brand page (id and slug) on this site. */
export function brandPageUrl(brand: Pick<Brand, 'id' | 'name'>, origin: string = window.location.origin): string {
  return `${origin}${paths.brand.getHref(brand.id, brand.name)}`;
}

export function shareText(brand: Pick<Brand, 'name'>): string {
  return `Check out ${brand.name} on Hunted, a community directory of independent brands.`;
}

export interface ShareTarget {
  key: 'whatsapp' | 'facebook' | 'x' | 'linkedin';
  label: string;
  href: string;
}

/** The social networks' own share addresses (spec section 7), opened in a new window. */
export function shareTargets(brand: Pick<Brand, 'id' | 'name'>, url: string = brandPageUrl(brand)): ShareTarget[] {
  const text = shareText(brand);
  const u = encodeURIComponent(url);
  return [
    { key: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { key: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    {
      key: 'x',
      label: 'X/Twitter',
      href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}`,
    },
    { key: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

export function mailtoHref(brand: Pick<Brand, 'id' | 'name'>, url: string = brandPageUrl(brand)): string {
  const subject = encodeURIComponent(`${brand.name} on Hunted`);
  const body = encodeURIComponent(`${shareText(brand)}\n\n${url}`);
  return `mailto:?subject=${subject}&body=${body}`;
}
