import { describe, expect, it } from 'vitest';
import { proseLines, readDoc, repositoryFiles } from './docs/markdown-docs.js';

/**
 * docs/dependencies.md says why each package is here: every name in a `dependencies` or `devDependencies` of a
 * package.json of the repository is named, in backticks, in one of its table rows; and no row names a package that
 * no package.json depends on (a package dropped from the manifests leaves no reason behind).
 */

function dependenciesOfEveryManifest(): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const file of repositoryFiles().filter((path) => path.endsWith('package.json'))) {
    const manifest = JSON.parse(readDoc(file)) as Record<string, Record<string, string> | undefined>;
    for (const name of [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]) {
      named.set(name, [...(named.get(name) ?? []), file]);
    }
  }
  return named;
}

/** The package names the doc's table rows give in backticks (the first cell of each row). */
function packagesInTheDoc(): Set<string> {
  const names = new Set<string>();
  for (const line of proseLines(readDoc('docs/dependencies.md'))) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1];
    // '(none for time zones)': a row on what we chose not to depend on names no package.
    if (firstCell === undefined || firstCell.trim().startsWith('(none')) continue;
    for (const match of firstCell.matchAll(/`([^`]+)`/g)) names.add(match[1]!);
  }
  return names;
}

describe('docs/dependencies.md', () => {
  it('gives every dependency of every package.json a row that says why it is there', () => {
    const documented = packagesInTheDoc();
    const undocumented = [...dependenciesOfEveryManifest()]
      .filter(([name]) => !documented.has(name))
      .map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(undocumented).toEqual([]);
  });

  it('names no package that no package.json depends on', () => {
    const depended = dependenciesOfEveryManifest();
    expect([...packagesInTheDoc()].filter((name) => !depended.has(name))).toEqual([]);
  });
});
