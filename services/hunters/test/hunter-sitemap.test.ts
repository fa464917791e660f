import { DEFAULT_SESSION_TYPES, type SitemapEntry, type SitemapFile } from '@hunted/contracts';
import { startServiceApp, testIdentityHeaders, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHuntersApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { approveHunter } from './vetting-helpers.js';

/**
 * Hunters lists its pages for the gateway's sitemap (which makes each `/hunters/{id}/{slug}` from its id and name):
 * files of id ranges, keyset pages.
 */
describe('hunters: pages for the sitemap', () => {
  let hunters: RunningServiceApp<NestFastifyApplication>;
  const ids: number[] = [];

  async function get<T>(path: string): Promise<{ status: number; body: T }> {
    const response = await fetch(`${hunters.base}${path}`);
    return { status: response.status, body: (await response.json()) as T };
  }

  beforeAll(async () => {
    hunters = await startServiceApp(createHuntersApp, loadConfig(testServiceEnv('hunters_sitemap_it')));
    // Dee stays pending: only approved hunters have pages.
    for (const name of ['Ana', 'Bo', 'Dee', 'Cy']) {
      const headers = { ...(await testIdentityHeaders({ id: `sitemap-${name}`, email: `${name}@hunted.test`, firstName: name, lastName: null, isAdmin: false }, 'hunters')), 'content-type': 'application/json' };
      const response = await fetch(`${hunters.base}/api/hunters`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, location: 'UK', specialties: ['Vintage Luxury'], adviceTypes: ['Personal Shopping'], languages: ['English'], yearsExperience: 3, sessionTypes: DEFAULT_SESSION_TYPES }),
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: number };
      if (name === 'Dee') continue;
      await approveHunter(hunters.base, id);
      ids.push(id);
    }
  });

  afterAll(async () => {
    await hunters?.close();
  });

  it('answers the files of id ranges that hold pages, with their counts and latest change', async () => {
    const size = ids[1]!;
    const { status, body } = await get<SitemapFile[]>(`/internal/sitemap/files?size=${size}`);
    expect(status).toBe(200);
    // Ids 1..size fall in file 1 (it holds the first two profiles and any earlier ids), the third in file 2.
    expect(body.map((file) => file.file)).toEqual([1, 2]);
    expect(body.reduce((sum, file) => sum + file.urls, 0)).toBe(3);
    expect(Number.isNaN(Date.parse(body[0]!.lastModified))).toBe(false);
  });

  it('answers pages in id order after a key, within a bound, at most limit', async () => {
    const first = await get<SitemapEntry[]>(`/internal/sitemap/entries?after=0&limit=2`);
    expect(first.body.map((entry) => entry.name)).toEqual(['Ana', 'Bo']);
    const next = await get<SitemapEntry[]>(`/internal/sitemap/entries?after=${first.body[1]!.id}&limit=2`);
    expect(next.body.map((entry) => entry.id)).toEqual([ids[2]]);
    const bounded = await get<SitemapEntry[]>(`/internal/sitemap/entries?after=0&upTo=${ids[0]}`);
    expect(bounded.body.map((entry) => entry.id)).toEqual([ids[0]]);
  });

  it('refuses a page larger than the contract allows', async () => {
    expect((await get(`/internal/sitemap/entries?limit=5001`)).status).toBe(400);
    expect((await get(`/internal/sitemap/files?size=50001`)).status).toBe(400);
  });
});
