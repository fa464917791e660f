import { createHash } from 'node:crypto';

/**
 * A page served drawn (a static page: its text is in the HTML) needs no script to be read, so its scripts start
 * once the text has painted: on a slow phone they no longer share the link with the document, the stylesheet and
 * the font the first paint waits for (issue 37: the legal pages' largest paint was ~2.4 s on a slow 4G phone, with
 * ~140 kB of scripts counted before it). The app then hydrates what is drawn (web/src/main.tsx).
 *
 * The one inline script of the site (the CSP allows it by its hash, `AFTER_PAINT_SCRIPT_HASH`): it reads the entry
 * and the modules to preload from its own `data-` attributes and adds them as the build wrote them (crossorigin,
 * module) when the first contentful paint is recorded; a browser without paint timing starts them two frames on.
 */
export const AFTER_PAINT_SCRIPT =
  '(()=>{const d=document.currentScript.dataset;let started=false;' +
  "const start=()=>{if(started)return;started=true;for(const href of (d.preloads||'').split(' ').filter(Boolean)){" +
  "const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link)}" +
  "const script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=d.entry;document.head.append(script)};" +
  "try{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(start)}})" +
  ".observe({type:'paint',buffered:true})}catch{requestAnimationFrame(()=>requestAnimationFrame(start))}})()";

/** The CSP source that allows exactly that script. */
export const AFTER_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

const ENTRY = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * The head of a page served drawn: its module scripts and preloads (the build's and the page's own) taken out and
 * started after the first paint by the inline script, in the same order. A head with no module entry is left as it
 * is (an unexpected build: its scripts then load as written).
 */
export function startingAfterPaint(head: string): string {
  const entries = [...head.matchAll(ENTRY)].map((match) => match[1]!);
  if (entries.length !== 1) return head;
  const preloads = [...head.matchAll(PRELOAD)].map((match) => match[1]!);
  const rest = head.replace(ENTRY, '').replace(PRELOAD, '');
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return (
    `${rest}\n    <script data-entry="${attribute(entries[0]!)}" data-preloads="${attribute(preloads.join(' '))}">` +
    `${AFTER_PAINT_SCRIPT}</script>`
  );
}
