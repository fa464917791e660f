// `node scripts/link-preview.mjs <url> [out.png]`: reads a page as a chat app's or social network's crawler does
// (one GET with a crawler's User-Agent, no JavaScript), prints its status and the tags a link preview is made of,
// checks that og:image answers an image, and draws the preview card those tags give into a PNG (headless Chromium,
// CHROME_PATH to use another) to look at. A page's head is written by the gateway (gateway/src/pages).
import { chromium } from '@playwright/test';

const [url, out = '.data/link-preview.png'] = process.argv.slice(2);
if (!url) {
  console.error('usage: node scripts/link-preview.mjs <url> [out.png]');
  process.exit(2);
}

const CRAWLER = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const decode = (text) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]);

const response = await fetch(url, { headers: { 'user-agent': CRAWLER }, redirect: 'manual' });
const html = await response.text();
const tags = { title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '') };
for (const [, key, value] of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)) tags[key] = decode(value);
const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
console.log(`${response.status} ${url}`);
console.log(`  canonical: ${canonical ? decode(canonical) : '(none)'}`);
for (const [key, value] of Object.entries(tags)) console.log(`  ${key}: ${value}`);

const image = tags['og:image'];
let imageNote = 'no og:image';
/** The picture as the crawler fetched it, shown in the card as those bytes. */
let imageData = '';
if (image) {
  const answer = await fetch(image, { headers: { 'user-agent': CRAWLER } });
  const type = answer.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await answer.arrayBuffer());
  imageData = `data:${type};base64,${bytes.toString('base64')}`;
  imageNote = `${answer.status} ${type} ${bytes.byteLength} bytes`;
  console.log(`  og:image answers ${imageNote}${type.startsWith('image/') && !type.includes('svg') ? '' : '  <- previews will not show it'}`);
}

const escape = (text = '') => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const card = `<!doctype html><body style="margin:0;padding:24px;background:#f0f2f5;font-family:system-ui,sans-serif">
<div style="width:524px;background:#fff;border:1px solid #dadde1;border-radius:8px;overflow:hidden">
  <img src="${escape(imageData)}" alt="" style="display:block;width:524px;height:274px;object-fit:cover;background:#e4e6eb">
  <div style="padding:10px 12px 12px;border-top:1px solid #dadde1">
    <div style="font-size:12px;color:#65676b;text-transform:uppercase">${escape(new URL(tags['og:url'] ?? url).host)}</div>
    <div style="font-size:16px;font-weight:600;color:#050505;margin-top:4px">${escape(tags['og:title'])}</div>
    <div style="font-size:14px;color:#65676b;margin-top:2px;max-height:40px;overflow:hidden">${escape(tags['og:description'])}</div>
  </div>
</div>
<p style="font-size:12px;color:#65676b">HTTP ${response.status} · twitter:card ${escape(tags['twitter:card'])} · image ${escape(imageNote)}</p></body>`;
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 580, height: 440 } });
  await page.setContent(card, { waitUntil: 'load' });
  await page.screenshot({ path: out });
  console.log(`  preview drawn into ${out}`);
} finally {
  await browser.close();
}
