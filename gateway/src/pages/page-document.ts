import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SITE_SETTINGS_ELEMENT_ID, SITE_SETTINGS_PLACEHOLDERS, type SiteSettings } from '@hunted/contracts';
import type { PageMeta } from './page-meta.js';
import { startingAfterPaint } from './after-paint.js';

/**
 * Where the gateway writes a page's head: web/index.html keeps its generic title and description between these
 * two comments (what `vite dev` shows), and the gateway replaces everything between them.
 */
export const META_START = '<!-- page-meta -->';
export const META_END = '<!-- /page-meta -->';

/** Text made safe inside an element or a double- or single-quoted attribute: a name like `"><script>` stays text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The head tags of a page: title, description, canonical link, Open Graph and the Twitter card, every value escaped. */
export function renderHead(meta: PageMeta, origin: string): string {
  const absolute = (url: string) => new URL(url, origin).href;
  const tag = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const url = meta.canonicalPath ? absolute(meta.canonicalPath) : null;
  const lines = [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    ...(url ? [`<link rel="canonical" href="${escapeHtml(url)}" />`] : []),
    // A page that is not there, or one no search should offer, is kept out of an index: a page served generic
    // because a service was slow is not.
    ...(meta.status === 404 || meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    tag('property', 'og:site_name', 'Hunted'),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    ...(url ? [tag('property', 'og:url', url)] : []),
    tag('property', 'og:image', absolute(meta.image)),
    tag('property', 'og:image:alt', meta.imageAlt),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', absolute(meta.image)),
    tag('name', 'twitter:image:alt', meta.imageAlt),
  ];
  return lines.join('\n    ');
}

/** The web build's list of each page's own scripts (web/scripts/page-scripts.mjs), written beside index.html. */
const PAGE_SCRIPTS_FILE = 'page-scripts.json';

/**
 * A page's own scripts as low-priority module preloads: the browser fetches them while the entry loads instead of
 * after the entry has run and asked for them, and at low priority they never hold back the stylesheet and the entry
 * the first paint waits for (issue 23; at default priority they had delayed it by ~0.6 s on a slow phone).
 */
function renderPageScripts(scripts: readonly string[]): string {
  return scripts.map((script) => `\n    <link rel="modulepreload" crossorigin href="${escapeHtml(script)}" fetchpriority="low" />`).join('');
}

/** The build's static pages (web/scripts/app-shell.mjs): each one's first frame, served in #root for that page. */
const PAGE_BODIES_FILE = 'page-bodies.json';

/** Where index.html's #root holds the app's frame (written by web/scripts/app-shell.mjs around it). */
export const PAGE_BODY_START = '<!-- page-body -->';
export const PAGE_BODY_END = '<!-- /page-body -->';
/**
 * The root of a page served drawn: the web app keeps the text until it can draw the page itself (web/src/main.tsx),
 * rather than showing the router's spinner in its place for a moment.
 */
const PRERENDERED_ROOT = '<div id="root" data-prerendered="">';

/** The build's static pages as strings, by page name; none when the file is missing or not an object of strings. */
function pageBodies(text: string | null): Map<string, string> {
  const bodies = new Map<string, string>();
  if (text === null) return bodies;
  let listed: unknown;
  try {
    listed = JSON.parse(text);
  } catch {
    return bodies;
  }
  if (typeof listed !== 'object' || listed === null) return bodies;
  for (const [page, body] of Object.entries(listed)) if (typeof body === 'string') bodies.set(page, body);
  return bodies;
}

/**
 * The end of the document from the end of the head, with a page's own first frame in #root in place of the app's
 * (only when the frame sits between its markers in an empty-attributed root, as the build writes it): the site's
 * settings written in place of the build's stand-ins (escaped), and given as JSON before the root for the app's first
 * render (`<` escaped, so no text in them can close the element).
 */
function withPageBody(fromHeadEnd: string, body: string, site: SiteSettings): string | null {
  const rootAt = fromHeadEnd.indexOf('<div id="root">');
  const start = fromHeadEnd.indexOf(PAGE_BODY_START, rootAt);
  const end = fromHeadEnd.indexOf(PAGE_BODY_END, start);
  if (rootAt === -1 || start === -1 || end === -1) return null;
  let filled = body;
  for (const key of ['name', 'address', 'email'] as const) {
    filled = filled.replaceAll(SITE_SETTINGS_PLACEHOLDERS.operator[key], escapeHtml(site.operator[key]));
  }
  const settings = `<script type="application/json" id="${SITE_SETTINGS_ELEMENT_ID}">${JSON.stringify(site).replace(/</g, '\\u003c')}</script>`;
  return (
    fromHeadEnd.slice(0, rootAt) +
    settings +
    PRERENDERED_ROOT +
    fromHeadEnd.slice(rootAt + '<div id="root">'.length, start + PAGE_BODY_START.length) +
    filled +
    fromHeadEnd.slice(end)
  );
}

/** The build's page scripts, read and rendered once per build; none when the file is missing or not a list. */
function pageScriptTags(text: string | null): Map<string, string> {
  const tags = new Map<string, string>();
  if (text === null) return tags;
  let listed: unknown;
  try {
    listed = JSON.parse(text);
  } catch {
    return tags;
  }
  if (typeof listed !== 'object' || listed === null) return tags;
  for (const [page, scripts] of Object.entries(listed)) {
    if (Array.isArray(scripts) && scripts.every((script) => typeof script === 'string' && script.startsWith('/'))) {
      tags.set(page, renderPageScripts(scripts as string[]));
    }
  }
  return tags;
}

interface Template {
  mtimeMs: number;
  /**
   * The document before the meta block, from its end to the end of the head, and from there; null when the file
   * has no markers (served as it is).
   */
  parts: { before: string; afterMeta: string; fromHeadEnd: string } | null;
  whole: string;
  /** Each page's own scripts as rendered tags, by page name. */
  pageScripts: Map<string, string>;
  /**
   * For each static page, the rest of its head (its scripts started after the first paint: after-paint.ts) and the
   * document from the end of the head with the page drawn in #root.
   */
  drawnPages: Map<string, { head: string; body: string }>;
}

/** How long the file's modification time is trusted before it is looked at again (a new build shows within it). */
const RECHECK_MS = 1_000;

/**
 * The built index.html, read once and again only when the file changes (a new build), split around its meta
 * block so each page is two string joins. The file is looked at at most once a second, not on every page.
 */
export class PageDocument {
  private template: Template | null = null;
  private checked: { at: number; mtimeMs: number | null } | null = null;

  constructor(
    private readonly file: string,
    /** What the static pages name (the operator), from the gateway's configuration. */
    private readonly site: SiteSettings,
    private readonly onMissingMarkers: () => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The file's modification time as last looked at, at most RECHECK_MS ago; null when there is no build. */
  private async currentModified(): Promise<number | null> {
    const now = this.now();
    if (this.checked && now - this.checked.at < RECHECK_MS) return this.checked.mtimeMs;
    const mtimeMs = await this.modified();
    this.checked = { at: now, mtimeMs };
    return mtimeMs;
  }

  /** The file's modification time, or null when there is no build. */
  async modified(): Promise<number | null> {
    try {
      const info = await stat(this.file);
      return info.isFile() ? info.mtimeMs : null;
    } catch {
      return null;
    }
  }

  /**
   * The page with this head, and at the end of the head the scripts the build lists for `page` (a page name) when
   * one is given; null when index.html is missing.
   */
  async render(head: string, page?: string): Promise<string | null> {
    const mtimeMs = await this.currentModified();
    if (mtimeMs === null) return null;
    if (this.template?.mtimeMs !== mtimeMs) this.template = await this.load(mtimeMs);
    const { parts, whole, pageScripts, drawnPages } = this.template;
    if (!parts) return whole;
    const opening = `${parts.before}${META_START}\n    ${head}\n    ${META_END}`;
    const drawn = page === undefined ? undefined : drawnPages.get(page);
    if (drawn) return `${opening}${drawn.head}${drawn.body}`;
    const scripts = page === undefined ? '' : (pageScripts.get(page) ?? '');
    return `${opening}${parts.afterMeta}${scripts}${parts.fromHeadEnd}`;
  }

  private async load(mtimeMs: number): Promise<Template> {
    const whole = await readFile(this.file, 'utf8');
    // Written by the same build; a build without it (or an older one) just preloads no page scripts.
    const beside = (name: string) => readFile(path.join(path.dirname(this.file), name), 'utf8').catch(() => null);
    const pageScripts = pageScriptTags(await beside(PAGE_SCRIPTS_FILE));
    const bodies = pageBodies(await beside(PAGE_BODIES_FILE));
    const start = whole.indexOf(META_START);
    const end = whole.indexOf(META_END, start);
    if (start === -1 || end === -1) {
      this.onMissingMarkers();
      return { mtimeMs, parts: null, whole, pageScripts, drawnPages: new Map() };
    }
    const after = whole.slice(end + META_END.length);
    // The page's scripts go last in the head, after the stylesheet and the entry's own preloads.
    let split = after.indexOf('</head>');
    if (split === -1) split = after.length;
    while (split > 0 && /\s/.test(after[split - 1]!)) split -= 1;
    const afterMeta = after.slice(0, split);
    const fromHeadEnd = after.slice(split);
    const drawnPages = new Map<string, { head: string; body: string }>();
    for (const [page, body] of bodies) {
      const drawn = withPageBody(fromHeadEnd, body, this.site);
      if (drawn !== null) {
        drawnPages.set(page, { head: startingAfterPaint(`${afterMeta}${pageScripts.get(page) ?? ''}`), body: drawn });
      }
    }
    return {
      mtimeMs,
      whole,
      pageScripts,
      drawnPages,
      parts: { before: whole.slice(0, start), afterMeta, fromHeadEnd },
    };
  }
}
