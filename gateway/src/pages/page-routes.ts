import { PAGE_PATHS, type PageName } from '@hunted/contracts';

export interface PageMatch {
  name: PageName;
  /** The pattern's parameters, as written in the path (decoded): `{ id: '3', slug: 'loom' }`. */
  params: Record<string, string>;
}

interface CompiledPage {
  name: PageName;
  pattern: RegExp;
  keys: string[];
}

/**
 * A React Router pattern as a regular expression with React Router's rules: `:name` is one non-empty segment,
 * `:name?` an optional one, letters match in any case, and one trailing slash is ignored.
 */
function compile(name: PageName, path: string): CompiledPage {
  const keys: string[] = [];
  const segments = path
    .split('/')
    .filter((segment) => segment.length > 0)
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      keys.push(param[1]!);
      return param[2] ? '(?:/([^/]+))?' : '/([^/]+)';
    });
  return { name, keys, pattern: new RegExp(`^${segments.join('')}/?$`, 'i') };
}

const PAGES: readonly CompiledPage[] = Object.entries(PAGE_PATHS).map(([name, path]) => compile(name as PageName, path));

/** The SPA page a path (no query) opens, or null when the SPA would show 'Page Not Found'. */
export function matchPage(pathname: string): PageMatch | null {
  for (const page of PAGES) {
    const found = page.pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    page.keys.forEach((key, i) => {
      const raw = found[i + 1];
      if (raw === undefined) return;
      try {
        params[key] = decodeURIComponent(raw);
      } catch {
        params[key] = raw;
      }
    });
    return { name: page.name, params };
  }
  return null;
}

/** Whether a path (no query) is one of the SPA's page routes. */
export function isPagePath(pathname: string): boolean {
  return PAGES.some((page) => page.pattern.test(pathname));
}
