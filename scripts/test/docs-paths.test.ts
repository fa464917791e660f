import { existsSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  existsInRepository,
  folderOf,
  headingAnchors,
  markdownDocs,
  proseLines,
  readDoc,
  repositoryFiles,
  ROOT,
} from './docs/markdown-docs.js';

/**
 * Every repository path a doc or README names exists. A path is:
 * - a token of inline code (or of a fenced block) that starts with a top-level folder of the repository
 *   (`services/bookings/src/slots/`, `infra/k8s`), resolved from the root; in a package's own README (a folder with
 *   a package.json) also one that starts with `src/` or `test/`, resolved from the package;
 * - the target of a Markdown link that is not a URL, resolved from the doc's folder, with its `#anchor` when the
 *   target is a Markdown file (or the doc itself).
 * - a file name in inline code (`booking.repository.ts`), or a path without a top-level folder
 *   (`sessions/session-purge.job.ts`): some file of the repository has that name, or ends with that path. Names
 *   of the shared documents outside the repository (`ARCHITECTURE.md`, the spec), package names and import
 *   specifiers (`./x.js`, `@scope/x`) are not file names.
 * Placeholders stand for any name: `services/<name>/README.md`, `services/*\/src/`, `**`; `{a,b}` must each exist;
 * a path is checked up to a `…`. Build output (`dist/`, `node_modules/`) is not the repository's and is not checked.
 */

const TOP_FOLDERS = new Set(['services', 'libs', 'gateway', 'web', 'docs', 'e2e', 'scripts', 'infra', 'bench', '.ci']);
const GENERATED = new Set(['dist', 'node_modules', 'test-results', 'playwright-report', 'coverage']);

/** Documents the docs name that live beside the repository, not in it: the shared design and the spec. */
const OUTSIDE_THE_REPOSITORY = new Set(['ARCHITECTURE.md', 'STYLE.md', 'brands-directory.md', 'hunter-marketplace.md']);
const FILE_NAME = /\.(?:ts|tsx|mjs|cjs|js|md|json|ya?ml|sql|sh|css|html)$/;

interface PathClaim {
  doc: string;
  line: number;
  /** As the doc wrote it. */
  text: string;
  /** Relative to the root. */
  path: string;
  /** A heading anchor the link names, in `path` (a Markdown file). */
  anchor?: string;
  /** `path` is a file name or the end of a path: some repository file must end with it. */
  suffix?: true;
}

/** `{a,b}` expanded: `x/{a,b}.ts` -> `x/a.ts`, `x/b.ts`. */
function expandBraces(path: string): string[] {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(path);
  if (!match) return [path];
  return match[1]!
    .split(',')
    .flatMap((choice) => expandBraces(path.slice(0, match.index) + choice + path.slice(match.index + match[0].length)));
}

/** A token of inline code as a repository path, or null when it names none. */
function pathOfToken(token: string, doc: string): string | null {
  let text = token.replace(/^[('"[]+/, '').replace(/[.,;:!?)'"\]]+$/, '');
  text = text
    .replace(/:\d+(?:-\d+)?$/, '')
    .replace(/[#?].*$/, '')
    .replace(/^\.\//, '');
  const first = text.split('/')[0]!;
  if (TOP_FOLDERS.has(first) && text.length > first.length && text[first.length] === '/') return text;
  const folder = folderOf(doc);
  if (
    (first === 'src' || first === 'test') &&
    text.includes('/') &&
    folder !== '' &&
    existsSync(join(ROOT, folder, 'package.json'))
  ) {
    return `${folder}/${text}`;
  }
  return null;
}

let dependencyNames: Set<string> | undefined;
/** Every package name a package.json of the repository depends on (`ipaddr.js` is a package, not a file). */
function isDependencyName(name: string): boolean {
  dependencyNames ??= new Set(
    repositoryFiles()
      .filter((file) => file.endsWith('package.json'))
      .flatMap((file) => {
        const manifest = JSON.parse(readDoc(file)) as Record<string, Record<string, string> | undefined>;
        return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
      }),
  );
  return dependencyNames.has(name);
}

/** A token of inline code as a file name (or the end of a path) some repository file must have, or null. */
function suffixOfToken(token: string): string | null {
  const text = token
    .replace(/^[('"[]+/, '')
    .replace(/[.,;:!?)'"\]]+$/, '')
    .replace(/:\d+(?:-\d+)?$/, '')
    .replace(/#.*$/, '');
  if (!FILE_NAME.test(text) || /[<>*{}…$\s]/.test(text) || /^[.@/]/.test(text) || text.includes('...')) return null;
  if (text.split('/').some((segment) => GENERATED.has(segment))) return null;
  if (OUTSIDE_THE_REPOSITORY.has(text) || isDependencyName(text)) return null;
  return text;
}

/** Normalises `a/b/../c` and `./x`; null when the path leaves the repository. */
function normalise(path: string): string | null {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

export function pathClaims(doc: string, text: string): PathClaim[] {
  const claims: PathClaim[] = [];
  const prose = proseLines(text);
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const inProse = prose[index] === raw;
    // In a fenced block (a tree, a diagram, a command) every word is a candidate; in prose, inline code is.
    const tokens = inProse
      ? [...raw.matchAll(/(`+)([^`]+?)\1/g)].flatMap((span) => span[2]!.trim().split(/\s+/))
      : raw.split(/[\s│├└─┬┼┤┐┘┌]+/).map((word) => word.replace(/^>+/, ''));
    for (const token of tokens) {
      const path = pathOfToken(token, doc);
      if (path !== null) claims.push({ doc, line, text: token, path });
      const suffix = path === null && inProse ? suffixOfToken(token) : null;
      if (suffix !== null) claims.push({ doc, line, text: token, path: suffix, suffix: true });
    }
    if (!inProse) return;
    for (const link of raw.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = link[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const base = file === '' ? doc : file.startsWith('/') ? file.slice(1) : `${folderOf(doc)}/${file}`;
      const path = normalise(decodeURIComponent(base));
      claims.push({
        doc,
        line,
        text: target,
        path: path ?? `(outside the repository) ${target}`,
        ...(anchor ? { anchor } : {}),
      });
    }
  });
  return claims;
}

let everyPath: string[] | undefined;
/** The repository's files and the folders that hold them. */
function repositoryPaths(): string[] {
  if (everyPath) return everyPath;
  const paths = new Set<string>();
  for (const file of repositoryFiles()) {
    paths.add(file);
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) paths.add(parts.slice(0, i).join('/'));
  }
  everyPath = [...paths];
  return everyPath;
}

/** Why a claim is false, or null when it holds. */
export function falseClaim(claim: PathClaim, exists: (path: string) => boolean = existsInRepository): string | null {
  if (claim.suffix) {
    const found = repositoryFiles().some((file) => file === claim.path || file.endsWith(`/${claim.path}`));
    return found ? null : `${claim.doc}:${claim.line} names ${claim.text}: no file of the repository is ${claim.path}`;
  }
  for (const expanded of expandBraces(claim.path)) {
    const cut = expanded.split('/');
    const ellipsis = cut.findIndex((segment) => segment.includes('…') || segment.includes('...'));
    const path = (ellipsis === -1 ? cut : cut.slice(0, ellipsis)).join('/');
    if (path === '' || path.split('/').some((segment) => GENERATED.has(segment))) continue;
    // A placeholder (`<name>`) is any one name, as `*` is in a glob.
    const glob = /[*<]/.test(path) ? path.replace(/<[^>]*>/g, '*').replace(/\/$/, '') : null;
    const found = glob ? repositoryPaths().some((candidate) => matchesGlob(candidate, glob)) : exists(path);
    if (!found) return `${claim.doc}:${claim.line} names ${claim.text}: no ${path}`;
  }
  if (claim.anchor !== undefined && claim.path.endsWith('.md') && exists(claim.path)) {
    if (!headingAnchors(readDoc(claim.path)).has(claim.anchor)) {
      return `${claim.doc}:${claim.line} links to ${claim.text}: ${claim.path} has no heading #${claim.anchor}`;
    }
  }
  return null;
}

describe('paths named in the docs', () => {
  it('finds every repository path that a doc or README names', () => {
    const docs = markdownDocs();
    expect(docs).toContain('docs/architecture.md');
    expect(docs).toContain('services/bookings/README.md');
    const wrong = docs
      .flatMap((doc) => pathClaims(doc, readDoc(doc)).map((claim) => falseClaim(claim)))
      .filter((why) => why !== null);
    expect(wrong).toEqual([]);
  });

  it('reads inline code, fenced blocks and links, each as the doc means it', () => {
    const text = [
      'The owner is `services/bookings/src/bookings/booking.repository.ts:12`, see [running](running.md#configuration).',
      'Not paths: `npm run bench`, `/api/brands`, `.use-case.ts`, `dist/main.js`, [a site](https://example.com).',
      '```',
      'gateway/src/    routes.ts',
      '```',
    ].join('\n');
    expect(pathClaims('docs/x.md', text).map(({ line, path, anchor }) => ({ line, path, anchor }))).toEqual([
      { line: 1, path: 'services/bookings/src/bookings/booking.repository.ts', anchor: undefined },
      { line: 1, path: 'docs/running.md', anchor: 'configuration' },
      { line: 4, path: 'gateway/src/', anchor: undefined },
    ]);
    expect(
      pathClaims('docs/decisions/x.md', '[map](../architecture.md) [up](../../libs/platform/README.md)').map(
        (c) => c.path,
      ),
    ).toEqual(['docs/architecture.md', 'libs/platform/README.md']);
    expect(
      pathClaims(
        'docs/x.md',
        '`session-purge.job.ts`, `sessions/session.store.ts`, `ipaddr.js`, `./x.js`, `STYLE.md`',
      ).map((c) => c.path),
    ).toEqual(['session-purge.job.ts', 'sessions/session.store.ts']);
    expect(pathClaims('services/brands/README.md', '`src/csv/`, `test/` and `main.ts`').map((c) => c.path)).toEqual([
      'services/brands/src/csv/',
      'services/brands/test/',
      'main.ts',
    ]);
  });

  it('says which path is missing, and takes placeholders as any name', () => {
    const claim = (path: string, anchor?: string): PathClaim => ({
      doc: 'docs/x.md',
      line: 3,
      text: path,
      path,
      ...(anchor ? { anchor } : {}),
    });
    expect(falseClaim(claim('services/bookings/src/nowhere.ts'))).toBe(
      'docs/x.md:3 names services/bookings/src/nowhere.ts: no services/bookings/src/nowhere.ts',
    );
    expect(falseClaim(claim('services/<name>/src/database/migrations/'))).toBeNull();
    expect(falseClaim(claim('services/*/README.md'))).toBeNull();
    expect(falseClaim(claim('e2e/**/*.e2e.ts'))).toBeNull();
    expect(falseClaim(claim('services/**/test/*.test.ts'))).toBeNull();
    expect(falseClaim(claim('services/*/src/nowhere/'))).toMatch(/no services\/\*\/src\/nowhere/);
    expect(falseClaim(claim('libs/contracts/src/http/{bookings,hunters}.ts'))).toBeNull();
    expect(falseClaim(claim('libs/contracts/src/http/{bookings,nowhere}.ts'))).toMatch(
      /no libs\/contracts\/src\/http\/nowhere\.ts/,
    );
    expect(falseClaim(claim('web/dist/index.html'))).toBeNull();
    expect(falseClaim({ ...claim('sessions/session.store.ts'), suffix: true })).toBeNull();
    expect(falseClaim({ ...claim('hunter-input.dto.ts'), suffix: true })).toBe(
      'docs/x.md:3 names hunter-input.dto.ts: no file of the repository is hunter-input.dto.ts',
    );
    expect(falseClaim(claim('docs/running.md', 'no-such-heading'))).toMatch(/has no heading #no-such-heading/);
  });

  it("gives headings GitHub's anchors", () => {
    expect([
      ...headingAnchors(
        '# Kill -9 check: `npm run chaos`\n## Speed (issue 23)\n## Speed (issue 23)\n```\n# not a heading\n```',
      ),
    ]).toEqual(['kill--9-check-npm-run-chaos', 'speed-issue-23', 'speed-issue-23-1']);
  });
});
