import type { HunterFigures } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { useHuntersHarness } from './hunters-harness.js';

/**
 * The recruitment page's figures (issue 37, item 6): `GET /api/hunters/figures` counts listed (approved) hunters and
 * the distinct locations they are in; a pending profile counts for neither. The path is static beside
 * `/api/hunters/{id}`: the id pipe must not answer it as 'Hunter not found'.
 */
describe('hunters: the public figures', () => {
  const harness = useHuntersHarness('hunters_figures_it');
  const { send } = harness;

  it('counts two approved hunters in two countries and leaves out a pending one', async () => {
    await harness.createHunter('fig-italy', { name: 'Ida Italy', location: 'Italy' });
    await harness.createHunter('fig-france', { name: 'Fran France', location: 'France' });
    await harness.createHunter('fig-pending', { name: 'Pia Pending', location: 'UK' }, { approved: false });

    const answer = await send<HunterFigures>('GET', '/api/hunters/figures', null);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ approvedHunters: 2, countries: 2 });
    // A public read, cached as the listing is.
    expect(answer.headers.get('cache-control')).toMatch(/public/);
  });
});
