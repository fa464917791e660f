import { afterEach, describe, expect, it } from 'vitest';
import { brandPageUrl, mailtoHref, shareTargets, siteOrigin } from './share';

const brand = { id: 5, name: 'Maison Rose & Fils' };
const canonical = 'https://hunted.example/brand/5/maison-rose-fils';

function withCanonicalLink(href: string): void {
  const link = document.createElement('link');
  link.rel = 'canonical';
  link.href = href;
  document.head.append(link);
}

afterEach(() => {
  document.head.querySelectorAll('link[rel="canonical"]').forEach((link) => link.remove());
});

describe('share links', () => {
  it("take the site's origin from the canonical link the gateway wrote, else the window's", () => {
    expect(siteOrigin()).toBe(window.location.origin);
    withCanonicalLink('https://hunted.example/brands');
    expect(siteOrigin()).toBe('https://hunted.example');
    expect(brandPageUrl(brand)).toBe(canonical);
  });

  it("carry the brand's name and canonical URL on every network, and in the email", () => {
    withCanonicalLink('https://hunted.example/brand/5');
    const targets = shareTargets(brand);
    expect(targets.map((target) => target.label)).toEqual(['WhatsApp', 'Facebook', 'X/Twitter', 'LinkedIn']);
    for (const { label, href } of [...targets, { label: 'Email', href: mailtoHref(brand) }]) {
      const decoded = decodeURIComponent(href);
      expect(decoded, label).toContain('Maison Rose & Fils');
      expect(decoded, label).toContain(canonical);
    }
    // The name is encoded, so an '&' in it cannot end the parameter early.
    const facebook = new URL(targets[1]!.href);
    expect(facebook.searchParams.get('u')).toBe(canonical);
    expect(facebook.searchParams.get('quote')).toContain('Maison Rose & Fils');
  });
});
