import { DEFAULT_SESSION_TYPES, type Hunter, type OwnHunter, type SessionTypes } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REFERENCE_RATES } from '../src/config.js';
import { CURRENCY_CHANGE_BOOKED } from '../src/hunters/hunters.service.js';
import { HunterRepository } from '../src/store/hunter.repository.js';
import { useHuntersHarness } from './hunters-harness.js';

/** Only the video call offered, at `price`; the others disabled at the defaults. */
const priced = (price: number): SessionTypes =>
  Object.fromEntries(
    Object.entries(DEFAULT_SESSION_TYPES).map(([key, type]) =>
      key === 'whatsappVideo' ? [key, { ...type, enabled: true, price }] : [key, { ...type, enabled: false }],
    ),
  ) as SessionTypes;

/**
 * Issue 38 (decision 0105): a hunter prices in a currency of their own (by default their location's), prices are
 * checked in it with Stripe's minimum named, it changes only while nothing is booked, and the listing places every
 * hunter in the pound bands and sorts through the reference rates.
 */
describe('hunters: currencies', () => {
  const harness = useHuntersHarness('hunters_currencies_it', { publishers: ['bookings']});

  it('takes the location’s currency by default, or the one sent, and announces it', async () => {
    const lucia = await harness.createHunter('u-lucia', { location: 'Spain' });
    expect(lucia.currency).toBe('EUR');
    const elin = await harness.createHunter('u-elin', { location: 'Sweden', currency: 'EUR' });
    expect(elin.currency).toBe('EUR');
    const { rows } = await harness.db.query<{ data: { hunterId: number; currency: string } }>(
      `select data from outbox where type = 'hunters.hunter.created' and (data->>'hunterId')::int = $1`,
      [lucia.id],
    );
    expect(rows[0]!.data.currency).toBe('EUR');
  });

  it('refuses an unknown currency and prices outside the currency’s range, naming the field', async () => {
    const refused = await harness.send('POST', '/api/hunters', 'u-bad', {
      name: 'Bad Currency', location: 'UK', specialties: ['Footwear'], adviceTypes: ['Wardrobe Audit'], languages: ['English'],
      yearsExperience: 4, sessionTypes: DEFAULT_SESSION_TYPES, currency: 'USD',
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: Record<string, string> }).errors.currency).toBe(
      'Currency must be one of: GBP, EUR, SEK, DKK, NOK, CHF, PLN',
    );
    const base = { name: 'Prices', specialties: ['Footwear'], adviceTypes: ['Wardrobe Audit'], languages: ['English'], yearsExperience: 4 };
    const tooDear = await harness.send('POST', '/api/hunters', 'u-dear', { ...base, location: 'France', sessionTypes: priced(5001) });
    expect(tooDear.status).toBe(400);
    expect((tooDear.body as { errors: Record<string, string> }).errors.sessionTypes).toBe(
      'Session price must be 0 (free) or a whole number from €1 to €5,000',
    );
    const belowStripe = await harness.send('POST', '/api/hunters', 'u-cheap', { ...base, location: 'Sweden', sessionTypes: priced(2) });
    expect(belowStripe.status).toBe(400);
    expect((belowStripe.body as { errors: Record<string, string> }).errors.sessionTypes).toBe(
      'Session price must be 0 (free) or at least SEK\u00a03, the smallest charge Stripe takes in SEK',
    );
    // Free is free in every currency; 300 kronor is fine though 300 pounds would be too.
    const free = await harness.send<OwnHunter>('POST', '/api/hunters', 'u-free', { ...base, location: 'Sweden', sessionTypes: priced(0) });
    expect(free.status).toBe(201);
    // An edit checks the prices in the currency it keeps.
    const edited = await harness.send('PATCH', `/api/hunters/${free.body.id}`, 'u-free', { sessionTypes: priced(1) });
    expect(edited.status).toBe(400);
  });

  it('changes the currency only while nothing is booked ahead', async () => {
    const hunter = await harness.createHunter('u-changer', { location: 'Denmark' });
    expect(hunter.currency).toBe('DKK');
    const changed = await harness.send<OwnHunter>('PATCH', `/api/hunters/${hunter.id}`, 'u-changer', { currency: 'EUR' });
    expect(changed.status).toBe(200);
    expect(changed.body.currency).toBe('EUR');

    const facts = { bookingId: '6a0c1e2f-3333-4c1e-9d7e-000000000001', hunterId: hunter.id, clientUserId: 'u-client' };
    const ahead = { startsAt: '2099-01-05T10:00:00.000Z', endsAt: '2099-01-05T11:00:00.000Z' };
    await harness.applied([await harness.bookingEvent('bookings.booking.confirmed', facts, ahead)]);
    const refused = await harness.send<{ message: string }>('PATCH', `/api/hunters/${hunter.id}`, 'u-changer', { currency: 'DKK' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CURRENCY_CHANGE_BOOKED);
    // Sending the currency it already has, with other changes, is no change.
    expect((await harness.send('PATCH', `/api/hunters/${hunter.id}`, 'u-changer', { currency: 'EUR', bio: 'Copenhagen' })).status).toBe(200);

    await harness.applied([await harness.bookingEvent('bookings.booking.cancelled', facts, { ...ahead, sequence: 1, cancelledBy: 'client', refundPence: 0 })]);
    expect((await harness.send('PATCH', `/api/hunters/${hunter.id}`, 'u-changer', { currency: 'DKK' })).status).toBe(200);
  });

  it('filters and sorts by price across currencies through the reference rates, showing each in its own', async () => {
    await harness.db.query(`update hunters set status = 'pending'`);
    // 50 pounds (5,000p), 50 euros (4,250p at 85p), 500 kronor (3,650p at 7.3p).
    const pounds = await harness.createHunter('u-gbp', { sessionTypes: priced(50) });
    const euros = await harness.createHunter('u-eur', { location: 'Italy', sessionTypes: priced(50) });
    const kronor = await harness.createHunter('u-sek', { location: 'Sweden', sessionTypes: priced(500) });
    const list = async (query: string) => (await (await fetch(`${harness.base}/api/hunters${query}`)).json()) as Hunter[];

    expect((await list('?sort=price-low')).map((h) => [h.id, h.pricePerSession, h.currency])).toEqual([
      [kronor.id, 500, 'SEK'],
      [euros.id, 50, 'EUR'],
      [pounds.id, 50, 'GBP'],
    ]);
    expect((await list('?price=40-60&sort=price-high')).map((h) => h.id)).toEqual([pounds.id, euros.id]);
    expect((await list('?price=20-40')).map((h) => h.id)).toEqual([kronor.id]);

    // New rates (as a start with another HUNTER_REFERENCE_RATES writes them) re-place the hunters of that currency.
    await harness.db.query(`update reference_rates set pence_per_unit = 130 where currency = 'EUR'`);
    // Every euro hunter of this file moves (the earlier tests' too).
    expect(await harness.app.get(HunterRepository).placeByReferenceRates()).toBeGreaterThan(0);
    expect((await list('?sort=price-high')).map((h) => h.id)).toEqual([euros.id, pounds.id, kronor.id]);
    expect(await harness.app.get(HunterRepository).placeByReferenceRates()).toBe(0);

    // The configured table, public, for the cards' "≈ £68".
    const rates = await fetch(`${harness.base}/api/hunters/reference-rates`);
    expect(rates.status).toBe(200);
    expect(await rates.json()).toEqual(DEFAULT_REFERENCE_RATES);
  });
});
