import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { META_END, META_START, PAGE_BODY_END, PAGE_BODY_START, PageDocument } from './page-document.js';

const INDEX = [
  '<!doctype html><html><head>',
  `${META_START}<title>Hunted</title>${META_END}`,
  '<link rel="stylesheet" href="/assets/app.css" />',
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
    const document = new PageDocument(path.join(dir, 'index.html'));

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

  it('serves the frame when the build wrote no static pages or an unreadable list', async () => {
    const document = new PageDocument(path.join(dir, 'index.html'));
    expect(await document.render('<title>Terms</title>', 'terms')).toContain('<div role="status">Loading</div>');

    await writeFile(path.join(dir, 'page-bodies.json'), '{ not json');
    const rebuilt = new PageDocument(path.join(dir, 'index.html'));
    expect(await rebuilt.render('<title>Terms</title>', 'terms')).toContain('<div role="status">Loading</div>');
  });
});
