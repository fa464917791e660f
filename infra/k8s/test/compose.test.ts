import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEVELOPMENT_PASSWORDS } from '@hunted/platform';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from './manifests.js';

const COMPOSE_FILE = join(REPO_ROOT, 'docker-compose.yml');
const composeText = readFileSync(COMPOSE_FILE, 'utf8');
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, { ports?: (string | { host_ip?: string; published?: string | number })[] }>;
};

/** `docker compose` (v2) or Debian's `docker-compose`, whichever this machine has, as CI picks (.ci/run). */
function composeCommand(): [string, string[]] | undefined {
  for (const [command, prefix] of [
    ['docker', ['compose']],
    ['docker-compose', []],
  ] as const) {
    try {
      execFileSync(command, [...prefix, 'version'], { stdio: 'ignore', timeout: 20_000 });
      return [command, [...prefix]];
    } catch {
      // not this one
    }
  }
  return undefined;
}
const composeCli = composeCommand();

describe('docker-compose.yml', () => {
  it('publishes every port on 127.0.0.1 only (the gateway and the development OpenID provider included)', () => {
    const published = Object.entries(compose.services).flatMap(([service, definition]) =>
      (definition.ports ?? []).map((port) => ({ service, port })),
    );
    // The gateway and the provider must be among them, or this would pass on a file that publishes nothing.
    expect(new Set(published.map(({ service }) => service))).toEqual(new Set(['postgres', 'redis', 'oidc', 'mailpit', 'gateway']));
    const open = published.filter(({ port }) =>
      typeof port === 'string' ? !port.startsWith('127.0.0.1:') : port.host_ip !== '127.0.0.1',
    );
    expect(open).toEqual([]);
  });

  it('gives only passwords production refuses as its defaults (DEVELOPMENT_PASSWORDS)', () => {
    const defaults = [...composeText.matchAll(/\$\{[A-Z_]*PASSWORD:-([^}]*)\}/g)].map((match) => match[1]!).filter(Boolean);
    expect(defaults.length).toBeGreaterThanOrEqual(14);
    expect(defaults.filter((password) => !DEVELOPMENT_PASSWORDS.includes(password))).toEqual([]);
  });

  it.skipIf(!composeCli)('is valid for docker compose (config --quiet)', () => {
    const [command, prefix] = composeCli!;
    expect(() => execFileSync(command, [...prefix, '-f', COMPOSE_FILE, 'config', '--quiet'], { stdio: 'pipe', timeout: 60_000 })).not.toThrow();
  });
});
