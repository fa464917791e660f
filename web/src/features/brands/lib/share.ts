import type { Brand } from '@hunted/contracts';
import { paths } from '@/config/paths';

/**
 * The site's own address: the origin of the canonical link the gateway wrote into the page (its PUBLIC_URL, the
 * same one link previews and search engines are given), or this window's when the page has none (development).
 */
export function siteOrigin(doc: Document = document): string {
  const href = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  try {
    return href ? new URL(href).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
}

/** The address to share: the canonical brand page (id and slug) on this site. */
export function brandPageUrl(brand: Pick<Brand, 'id' | 'name'>, origin: string = siteOrigin()): string {
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

/**
 * The social networks' own share addresses (spec section 7), opened in a new window. Each carries the brand's
 * canonical URL and its name; the preview's picture and description come from the page's own meta, which the
 * gateway writes for that URL.
 */
export function shareTargets(brand: Pick<Brand, 'id' | 'name'>, url: string = brandPageUrl(brand)): ShareTarget[] {
  const text = encodeURIComponent(shareText(brand));
  const u = encodeURIComponent(url);
  const name = encodeURIComponent(`${brand.name} on Hunted`);
  return [
    { key: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${shareText(brand)} ${url}`)}` },
    { key: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${text}` },
    { key: 'x', label: 'X/Twitter', href: `https://twitter.com/intent/tweet?text=${text}&url=${u}` },
    { key: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/shareArticle?mini=true&url=${u}&title=${name}&summary=${text}` },
  ];
}

export function mailtoHref(brand: Pick<Brand, 'id' | 'name'>, url: string = brandPageUrl(brand)): string {
  const subject = encodeURIComponent(`${brand.name} on Hunted`);
  const body = encodeURIComponent(`${shareText(brand)}\n\n${url}`);
  return `mailto:?subject=${subject}&body=${body}`;
}
