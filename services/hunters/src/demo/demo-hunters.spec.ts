import { existsSync, statSync } from 'node:fs';
import {
  AVAILABILITY_LIMITS,
  HUNTER_AVAILABILITY_STATUSES,
  HUNTER_LANGUAGES,
  HUNTER_LOCATIONS,
  HUNTER_SERVICES,
  HUNTER_SPECIALTIES,
  hunterInputSchema,
  PRICE_BAND_RANGES,
  PRICE_BANDS,
  pricePerSessionOf,
  weeklyHoursSchema,
} from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEMO_HUNTERS,
  demoEmail,
  demoInstagramUrl,
  demoPhotoUrl,
  demoSessionTypes,
  demoSlug,
  demoWeeklyHours,
} from './demo-hunters.js';

const priceOf = (hunter: (typeof DEMO_HUNTERS)[number]) => pricePerSessionOf(demoSessionTypes(hunter));

describe('the demo hunters', () => {
  it('are at least 12, with distinct slugs and emails', () => {
    expect(DEMO_HUNTERS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(DEMO_HUNTERS.map(demoSlug)).size).toBe(DEMO_HUNTERS.length);
    expect(new Set(DEMO_HUNTERS.map(demoEmail)).size).toBe(DEMO_HUNTERS.length);
    expect(demoEmail(DEMO_HUNTERS[0]!)).toBe('sofia.hunter@hunted.example');
    expect(demoSlug({ name: 'Mette Sørensen' })).toBe('mette-sorensen');
    expect(demoEmail({ name: 'Lucía Moreno' })).toBe('lucia.hunter@hunted.example');
  });

  it('cover every location, specialty, service, language and status', () => {
    expect(new Set(DEMO_HUNTERS.map((h) => h.location))).toEqual(new Set(HUNTER_LOCATIONS));
    expect(new Set(DEMO_HUNTERS.flatMap((h) => h.specialties))).toEqual(new Set(HUNTER_SPECIALTIES));
    expect(new Set(DEMO_HUNTERS.flatMap((h) => h.adviceTypes))).toEqual(new Set(HUNTER_SERVICES));
    expect(new Set(DEMO_HUNTERS.flatMap((h) => h.languages))).toEqual(new Set(HUNTER_LANGUAGES));
    expect(new Set(DEMO_HUNTERS.map((h) => h.availabilityStatus))).toEqual(new Set(HUNTER_AVAILABILITY_STATUSES));
  });

  it('fall in every price band by their lowest enabled price, a band edge included', () => {
    for (const band of PRICE_BANDS) {
      const { min, max } = PRICE_BAND_RANGES[band];
      const inBand = DEMO_HUNTERS.filter((h) => priceOf(h) >= min && (max === null || priceOf(h) < max));
      expect(inBand.length, band).toBeGreaterThanOrEqual(2);
    }
    expect(DEMO_HUNTERS.some((h) => priceOf(h) === 40)).toBe(true);
  });

  it('vary: a couple featured, several session types, years, ratings, reviews and sessions', () => {
    const featured = DEMO_HUNTERS.filter((h) => h.featured).length;
    expect(featured).toBeGreaterThanOrEqual(2);
    expect(featured).toBeLessThan(DEMO_HUNTERS.length / 2);
    expect(new Set(DEMO_HUNTERS.map((h) => Object.keys(h.offers).sort().join())).size).toBeGreaterThanOrEqual(5);
    for (const pick of [
      (h: (typeof DEMO_HUNTERS)[number]) => h.yearsExperience,
      (h: (typeof DEMO_HUNTERS)[number]) => h.reviewCount,
    ]) {
      expect(new Set(DEMO_HUNTERS.map(pick)).size).toBeGreaterThanOrEqual(10);
    }
    expect(DEMO_HUNTERS.every((h) => h.rating >= 1 && h.rating <= 5 && h.totalSessions >= h.reviewCount)).toBe(true);
  });

  it('follow the profile rules a member is held to, portrait and Instagram included', () => {
    for (const hunter of DEMO_HUNTERS) {
      const input = hunterInputSchema.safeParse({
        name: hunter.name,
        bio: hunter.bio,
        location: hunter.location,
        specialties: hunter.specialties,
        adviceTypes: hunter.adviceTypes,
        languages: hunter.languages,
        yearsExperience: hunter.yearsExperience,
        availabilityStatus: hunter.availabilityStatus,
        sessionTypes: demoSessionTypes(hunter),
        instagramUrl: demoInstagramUrl(hunter),
        profileImageUrl: demoPhotoUrl(hunter),
      });
      expect(input.error?.issues ?? [], hunter.name).toEqual([]);
      expect(hunter.bio.length, hunter.name).toBeGreaterThan(250);
    }
  });

  it('have a small portrait each in the web app', () => {
    for (const hunter of DEMO_HUNTERS) {
      const file = new URL(`../../../../web/public${demoPhotoUrl(hunter)}`, import.meta.url);
      expect(existsSync(file), hunter.name).toBe(true);
      expect(statSync(file).size, hunter.name).toBeLessThan(8 * 1024);
    }
  });

  it('have weekly hours the availability rules accept, and exceptions in the future within the limits', () => {
    for (const hunter of DEMO_HUNTERS) {
      const week = demoWeeklyHours(hunter);
      expect(weeklyHoursSchema.parse(week), hunter.name).toEqual(week);
      expect(
        Object.values(week).some((slots) => slots.length > 0),
        hunter.name,
      ).toBe(true);
      expect(hunter.exceptions.length, hunter.name).toBeGreaterThan(0);
      for (const { inDays, untilDays = inDays } of hunter.exceptions) {
        expect(inDays, hunter.name).toBeGreaterThanOrEqual(1);
        expect(untilDays - inDays + 1).toBeLessThanOrEqual(AVAILABILITY_LIMITS.maxRangeDays);
        expect(untilDays).toBeLessThanOrEqual(AVAILABILITY_LIMITS.maxDaysAhead);
      }
    }
  });
});
