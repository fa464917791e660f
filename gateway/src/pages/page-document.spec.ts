import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteSettings } from '@hunted/contracts';
import { SECURITY_HEADERS } from '../security/security-headers.js';
import { AFTER_PAINT_SCRIPT } from './after-paint.js';
import { META_END, META_START, PAGE_BODY_END, PAGE_BODY_START, PageDocument } from './page-document.js';

const SITE: SiteSettings = { operator: { name: 'Hunted <Test> & Co', address: '1 Test Street, London', email: 'hello@hunted.test' } };

const INDEX = [
  '<!doctype html><html><head>',
  `${META_START}<title>Hunted</title>${META_END}`,
  '<link rel="stylesheet" href="/assets/app.css" />',
  '<script type="module" crossorigin src="/assets/index.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/web.js">',
  '</head><body>',
  `<div id="root">${PAGE_BODY_START}<header>Hunted</header><div role="status">Loading</div>${PAGE_BODY_END}</div>`,
  '</body></html>',
].join('\n');

describe('PageDocument', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'page-document-'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("serves a static page's own first frame in #root, marked as drawn, and the app's frame on every other page", async () => {
    await writeFile(
      path.join(dir, 'page-bodies.json'),
      JSON.stringify({ terms: '<header>Hunted</header><h1>Terms of Service</h1>' }),
    );
    const document = new PageDocument(path.join(dir, 'index.html'), SITE);

    const terms = await document.render('<title>Terms</title>', 'terms');
    expect(terms).toContain(
      `<div id="root" data-prerendered="">${PAGE_BODY_START}<header>Hunted</header><h1>Terms of Service</h1>${PAGE_BODY_END}</div>`,
    );
    expect(terms).not.toContain('Loading');
    expect(terms).toContain('<title>Terms</title>');

    const faq = await document.render('<title>FAQ</title>', 'faq');
    expect(faq).toContain(`<div id="root">${PAGE_BODY_START}<header>Hunted</header><div role="status">Loading</div>`);
    expect(faq).not.toContain('data-prerendered');
  });

  it("starts a drawn page's scripts after its first paint, by the one inline script the CSP allows; others as built", async () => {
    await writeFile(path.join(dir, 'page-bodies.json'), JSON.stringify({ terms: '<h1>Terms of Service</h1>' }));
    await writeFile(path.join(dir, 'page-scripts.json'), JSON.stringify({ terms: ['/assets/terms-page.js'], faq: ['/assets/faq-page.js'] }));
    const document = new PageDocument(path.join(dir, 'index.html'), SITE);
    const terms = (await document.render('<title>Terms</title>', 'terms'))!;
    const head = terms.slice(0, terms.indexOf('</head>'));
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('<link rel="modulepreload"');
    expect(head).toContain('<link rel="stylesheet" href="/assets/app.css" />');
    expect(head).toContain(
      `<script data-entry="/assets/index.js" data-preloads="/assets/web.js /assets/terms-page.js">${AFTER_PAINT_SCRIPT}</script>`,
    );
    const csp = new Map(SECURITY_HEADERS).get('content-security-policy')!;
    const digest = createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64');
    expect(csp).toMatch(new RegExp(`script-src [^;]*'sha256-${digest.replace(/[+/]/g, '\\$&')}'`));

    const faq = (await document.render('<title>FAQ</title>', 'faq'))!;
    expect(faq).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    expect(faq).toContain('<link rel="modulepreload" crossorigin href="/assets/faq-page.js" fetchpriority="low" />');
    expect(faq).not.toContain('data-entry');
  });

  it("writes the operator in place of the build's stand-ins, escaped, and hands the settings to the app as JSON", async () => {
    await writeFile(
      path.join(dir, 'page-bodies.json'),
      JSON.stringify({ terms: '<p>Run by {{operator.name}}, {{operator.address}}.</p><a href="mailto:{{operator.email}}">x</a>' }),
    );
    const terms = (await new PageDocument(path.join(dir, 'index.html'), SITE).render('<title>Terms</title>', 'terms'))!;
    expect(terms).toContain('<p>Run by Hunted &lt;Test&gt; &amp; Co, 1 Test Street, London.</p><a href="mailto:hello@hunted.test">x</a>');
    const json = /<script type="application\/json" id="hunted-site-settings">(.*?)<\/script>/.exec(terms)?.[1];
    expect(json).not.toContain('<');
    expect(JSON.parse(json!)).toEqual(SITE);
    expect(terms.indexOf('hunted-site-settings')).toBeLessThan(terms.indexOf('<div id="root"'));
  });

  it('serves the frame when the build wrote no static pages or an unreadable list', async () => {
    const document = new PageDocument(path.join(dir, 'index.html'), SITE);
    expect(await document.render('<title>Terms</title>', 'terms')).toContain('<div role="status">Loading</div>');

    await writeFile(path.join(dir, 'page-bodies.json'), '{ not json');
    const rebuilt = new PageDocument(path.join(dir, 'index.html'), SITE);
    expect(await rebuilt.render('<title>Terms</title>', 'terms')).toContain('<div role="status">Loading</div>');
  });
});
