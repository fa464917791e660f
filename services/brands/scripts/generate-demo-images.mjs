#!/usr/bin/env node
// Writes an SVG picture for every demo brand into web/public/demo-brands/<slug>.svg (served by the gateway as
// /demo-brands/<slug>.svg). Deterministic: the same brand always gets the same picture, so the committed files
// only change when the demo list does. Run after building the service:
//   npx tsc -b tsconfig.build.json && node services/brands/scripts/generate-demo-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { brandSlug } from '@hunted/contracts';
import { DEMO_BRANDS } from '../dist/demo/demo-brands.js';

const outDir = fileURLToPath(new URL('../../../web/public/demo-brands/', import.meta.url));

/** Palettes by category: two gradient stops and an accent. */
const PALETTES = {
  Clothing: ['#f6d5c4', '#c0735a', '#6b2f1f'],
  Dresses: ['#f9d7e3', '#d9668f', '#7a1f45'],
  Shoes: ['#efe2c9', '#b98a4e', '#5a3b15'],
  Bags: ['#e8d9c5', '#9c6b3f', '#3f2613'],
  Accessories: ['#dfe7f5', '#6f86c6', '#23356b'],
  Beauty: ['#f4e1f0', '#b77bb0', '#5a2c56'],
  Home: ['#e3ecdf', '#7fa177', '#2f4a2a'],
  'Food & Beverages': ['#fbe7c2', '#e0a040', '#7a4a0c'],
  'Arts & Crafts': ['#dff1f0', '#4fa5a0', '#164e4b'],
  Jewellery: ['#f3ecd2', '#c9a94a', '#5c4a12'],
  Preowned: ['#e6e1ea', '#8c7d9c', '#3b3147'],
  Swimwear: ['#d6eef8', '#3f9ccc', '#0d3f5c'],
};

function seeded(text) {
  const bytes = createHash('sha256').update(text).digest();
  let i = 0;
  return () => bytes[i++ % bytes.length] / 255;
}

function initialsOf(name) {
  const words = name.replace(/&/g, ' ').split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return (words.length > 1 ? words[0][0] + words[1][0] : words[0].slice(0, 2)).toUpperCase();
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function svgOf(brand) {
  const [light, mid, dark] = PALETTES[brand.category] ?? ['#eeeeee', '#999999', '#333333'];
  const next = seeded(brand.name);
  const shapes = [];
  for (let i = 0; i < 5; i++) {
    const cx = Math.round(next() * 800);
    const cy = Math.round(next() * 600);
    const r = Math.round(60 + next() * 180);
    const fill = i % 2 ? dark : '#ffffff';
    shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" opacity="${(0.06 + next() * 0.12).toFixed(2)}"/>`);
  }
  const angle = Math.round(next() * 360);
  shapes.push(
    `<rect x="${Math.round(100 + next() * 500)}" y="${Math.round(60 + next() * 380)}" width="160" height="160" rx="28" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.25" transform="rotate(${angle} 400 300)"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img" aria-label="${escape(brand.name)}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${light}"/>
      <stop offset="1" stop-color="${mid}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${dark}" stop-opacity="0"/>
      <stop offset="1" stop-color="${dark}" stop-opacity="0.55"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.3" cy="0.25" r="0.8">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <rect width="800" height="600" fill="url(#glow)"/>
  ${shapes.join('\n  ')}
  <rect y="360" width="800" height="240" fill="url(#shade)"/>
  <circle cx="400" cy="270" r="120" fill="#ffffff" opacity="0.9"/>
  <text x="400" y="270" text-anchor="middle" dominant-baseline="central" font-family="Georgia, 'Times New Roman', serif" font-size="96" font-weight="700" fill="${dark}">${escape(initialsOf(brand.name))}</text>
  <text x="400" y="470" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="40" font-weight="600" letter-spacing="2" fill="#ffffff">${escape(brand.name)}</text>
  <text x="400" y="515" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="22" letter-spacing="6" fill="#ffffff" opacity="0.85">${escape(brand.category.toUpperCase())} · ${escape(brand.location.toUpperCase())}</text>
</svg>
`;
}

mkdirSync(outDir, { recursive: true });
for (const brand of DEMO_BRANDS) writeFileSync(`${outDir}${brandSlug(brand.name)}.svg`, svgOf(brand));
console.log(`wrote ${DEMO_BRANDS.length} images to ${outDir}`);
