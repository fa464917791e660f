import { describe, expect, it } from 'vitest';
import { escapeHtml, renderHead } from './page-document.js';
import {
  brandMeta,
  cutAtWord,
  FIXED_PAGE_PATHS,
  genericMeta,
  hunterMeta,
  notFoundMeta,
  SITE_CARD_IMAGE,
  todayMeta,
} from './page-meta.js';
import { matchPage } from './page-routes.js';

const brand = {
  id: 7,
  name: 'Loom & Co',
  description: 'Hand-woven scarves from a studio of four.',
  category: 'Accessories',
  location: 'UK',
  imageUrl: 'https://img.example/loom.jpg',
};

describe('page routes', () => {
  it('matches the SPA routes as React Router does: any case, one trailing slash, optional slug', () => {
    expect(matchPage('/')).toEqual({ name: 'home', params: {} });
    expect(matchPage('/Brands/')).toEqual({ name: 'brands', params: {} });
    expect(matchPage('/brand/7')).toEqual({ name: 'brand', params: { id: '7' } });
    expect(matchPage('/brand/7/loom-co')).toEqual({ name: 'brand', params: { id: '7', slug: 'loom-co' } });
    expect(matchPage('/book-session/12')).toEqual({ name: 'bookSession', params: { hunterId: '12' } });
    expect(matchPage('/hunters/12/sofia-rossi')).toEqual({ name: 'hunter', params: { id: '12', slug: 'sofia-rossi' } });
    expect(matchPage('/hunters/12')).toEqual({ name: 'hunter', params: { id: '12' } });
    expect(matchPage('/edit-profile')?.name).toBe('editProfile');
  });

  it('knows no other path', () => {
    for (const path of ['/hunters', '/brand', '/brand/7/loom-co/more', '/brands//', '/faq/x', '/index']) {
      expect(matchPage(path), path).toBeNull();
    }
  });
});

describe('page meta', () => {
  it("names today's Hunter's Pick in the share preview of /today, with the brand's picture when a preview can show it", () => {
    const pick = {
      day: '2026-11-27',
      hunterName: 'Sofia Rossi',
      brandName: 'Loom & Co',
      brandImageUrl: 'https://img.example/loom.jpg',
      note: 'Scarves.',
    };
    const meta = todayMeta(pick);
    expect(meta).toMatchObject({
      status: 200,
      title: genericMeta('today').title,
      canonicalPath: '/today',
      image: 'https://img.example/loom.jpg',
      imageAlt: 'Loom & Co',
    });
    expect(
      meta.description.startsWith("Hunter's Pick: Loom & Co, chosen by Sofia Rossi: “Scarves.” The independent brands"),
    ).toBe(true);
    expect(meta.description.length).toBeLessThanOrEqual(160);
    expect(todayMeta({ ...pick, brandImageUrl: '/demo-brands/loom.svg' }).image).toBe(SITE_CARD_IMAGE);
    expect(renderHead(meta, 'https://hunted.example')).toContain('Hunter&#39;s Pick: Loom &amp; Co');
  });

  it('cuts a description at a word boundary, with an ellipsis, and flattens its line breaks', () => {
    const long = `${'Hand-woven scarves '.repeat(12)}end`;
    const cut = cutAtWord(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('scarves…')).toBe(true);
    expect(cutAtWord('Two\n\nlines   here')).toBe('Two lines here');
    expect(cutAtWord('short')).toBe('short');
  });

  it('gives a brand its name, description, canonical slug path and picture', () => {
    expect(brandMeta(brand)).toEqual({
      status: 200,
      title: 'Loom & Co · Hunted',
      description: 'Hand-woven scarves from a studio of four.',
      canonicalPath: '/brand/7/loom-co',
      image: 'https://img.example/loom.jpg',
      imageAlt: 'Loom & Co',
      type: 'website',
      heroImage: 'https://img.example/loom.jpg',
    });
  });

  it('uses the site card for a picture previews cannot show (SVG) and words of its own for a blank description', () => {
    const meta = brandMeta({ ...brand, description: ' ', imageUrl: '/demo-brands/loom.svg' });
    expect(meta.image).toBe(SITE_CARD_IMAGE);
    // The page itself shows the SVG, so it is still the picture preloaded for it.
    expect(meta.heroImage).toBe('/demo-brands/loom.svg');
    expect(meta.description).toBe('Loom & Co, an independent accessories brand from UK, on Hunted.');
    expect(brandMeta({ ...brand, imageUrl: 'javascript:alert(1)' }).image).toBe(SITE_CARD_IMAGE);
    expect(brandMeta({ ...brand, imageUrl: 'javascript:alert(1)' }).heroImage).toBeUndefined();
    expect(brandMeta({ ...brand, imageUrl: '' }).heroImage).toBeUndefined();
  });

  it('gives a hunter their name, specialties, price and photo', () => {
    const meta = hunterMeta({
      id: 3,
      name: 'Sofia',
      bio: 'Ten years dressing clients for weddings.',
      specialties: ['Bridal', 'Vintage', 'Menswear'],
      location: 'Italy',
      profileImageUrl: '/api/media/hunter-photos/9',
      pricePerSession: 40,
      currency: 'EUR',
      rating: null,
      reviewCount: 0,
    });
    expect(meta.title).toBe('Book Sofia, Style Hunter · Hunted');
    expect(meta.description).toBe(
      'Book a session with Sofia, a style hunter in Italy for Bridal, Vintage and Menswear. Sessions from €40. Ten years dressing clients for weddings.',
    );
    expect(meta.canonicalPath).toBe('/hunters/3/sofia');
    expect(meta.image).toBe('/api/media/hunter-photos/9');
    expect(meta.type).toBe('profile');
  });

  it("tells a reviewed hunter's rating from their reviews", () => {
    const meta = hunterMeta({
      id: 8,
      name: 'Zoë Hart',
      bio: '',
      specialties: [],
      location: 'UK',
      profileImageUrl: null,
      pricePerSession: 0,
      currency: 'GBP',
      rating: 4.75,
      reviewCount: 12,
    });
    expect(meta.description).toBe('Book a session with Zoë Hart, a style hunter in UK. Rated 4.8/5 from 12 reviews.');
    expect(meta.canonicalPath).toBe('/hunters/8/zoe-hart');
  });

  it('has fixed words for the fixed pages, and a 404 for what is not there', () => {
    expect(genericMeta('faq')).toMatchObject({
      status: 200,
      title: 'Frequently Asked Questions · Hunted',
      canonicalPath: '/faq',
    });
    expect(genericMeta('saved').canonicalPath).toBeNull();
    expect(notFoundMeta('brand')).toMatchObject({
      status: 404,
      title: 'Brand not found · Hunted',
      canonicalPath: null,
    });
  });

  it('gives each legal page its own title, description and canonical link, and lists it in the sitemap', () => {
    const legal = {
      '/terms': 'Terms of Service · Hunted',
      '/hunter-terms': 'Hunter Terms · Hunted',
      '/privacy': 'Privacy Notice · Hunted',
      '/cookies': 'Cookie Notice · Hunted',
    };
    for (const [path, title] of Object.entries(legal)) {
      const meta = genericMeta(matchPage(path)!.name);
      expect(meta, path).toMatchObject({ status: 200, title, canonicalPath: path });
      expect(meta.description.length, path).toBeLessThanOrEqual(160);
      expect(meta.noindex, path).toBeUndefined();
      expect(FIXED_PAGE_PATHS, path).toContain(path);
      expect(renderHead(meta, 'https://hunted.example'), path).toContain(
        `<link rel="canonical" href="https://hunted.example${path}" />`,
      );
    }
    expect(genericMeta('terms').description).toMatch(/24-hour cancellation rule/);
    expect(genericMeta('cookies').description).toMatch(/no cookie banner/);
  });
});

describe('the head', () => {
  it('escapes every value, so a brand named "><script> stays text', () => {
    const hostile = { ...brand, name: '"><script>alert(1)</script>', description: 'It\'s <b>bold</b> & "quoted"' };
    const head = renderHead(brandMeta(hostile), 'https://hunted.example');
    expect(head).not.toContain('<script>');
    expect(head).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Hunted</title>');
    expect(head).toContain(
      '<meta name="description" content="It&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;" />',
    );
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('writes absolute URLs for the canonical link, og:url and og:image, and the large Twitter card', () => {
    const head = renderHead(brandMeta({ ...brand, imageUrl: '/uploads/loom.png' }), 'https://hunted.example');
    expect(head).toContain('<link rel="canonical" href="https://hunted.example/brand/7/loom-co" />');
    expect(head).toContain('<meta property="og:url" content="https://hunted.example/brand/7/loom-co" />');
    expect(head).toContain('<meta property="og:image" content="https://hunted.example/uploads/loom.png" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).not.toContain('noindex');
  });

  it('keeps a page that is not there out of search indexes', () => {
    const head = renderHead(notFoundMeta('page'), 'https://hunted.example');
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('canonical');
  });

  it('keeps /unsubscribe and /account-deleted out of search indexes, and them only of the pages that are there', () => {
    for (const path of ['/unsubscribe', '/account-deleted']) {
      const page = matchPage(path);
      expect(page, path).not.toBeNull();
      const meta = genericMeta(page!.name);
      expect(meta, path).toMatchObject({ status: 200, canonicalPath: null, noindex: true });
      expect(renderHead(meta, 'https://hunted.example'), path).toContain('<meta name="robots" content="noindex" />');
    }
    for (const name of ['home', 'faq', 'editProfile', 'brands'] as const) {
      expect(renderHead(genericMeta(name), 'https://hunted.example'), name).not.toContain('noindex');
    }
  });
});
