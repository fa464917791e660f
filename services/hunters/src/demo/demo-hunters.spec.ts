import { existsSync, statSync } from 'node:fs';
import {
  AVAILABILITY_LIMITS,
  HUNTER_AVAILABILITY_STATUSES,
  HUNTER_LANGUAGES,
  HUNTER_LOCATIONS,
  HUNTER_SERVICES,
  HUNTER_SPECIALTIES,
  hunterInputSchema,
  joiningDetailsSchema,
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
  demoJoiningDetails,
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

  it('vary: a couple featured, several session types, years and sessions; no rating of their own', () => {
    const featured = DEMO_HUNTERS.filter((h) => h.featured).length;
    expect(featured).toBeGreaterThanOrEqual(2);
    expect(featured).toBeLessThan(DEMO_HUNTERS.length / 2);
    expect(new Set(DEMO_HUNTERS.map((h) => Object.keys(h.offers).sort().join())).size).toBeGreaterThanOrEqual(5);
    for (const pick of [
      (h: (typeof DEMO_HUNTERS)[number]) => h.yearsExperience,
      (h: (typeof DEMO_HUNTERS)[number]) => h.totalSessions,
    ]) {
      expect(new Set(DEMO_HUNTERS.map(pick)).size).toBeGreaterThanOrEqual(10);
    }
    // Ratings come from the demo reviews (the reviews service), never from these records.
    expect(DEMO_HUNTERS.some((h) => 'rating' in h || 'reviewCount' in h)).toBe(false);
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

  it('have joining details the route accepts: a drama-range WhatsApp number per WhatsApp type, a meeting place in person', () => {
    const numbers = new Set<string>();
    for (const hunter of DEMO_HUNTERS) {
      const joining = demoJoiningDetails(hunter);
      expect(joiningDetailsSchema.parse(joining), hunter.name).toEqual(joining);
      for (const type of ['whatsappVoice', 'whatsappVideo'] as const) {
        const { phone } = joining[type];
        if (hunter.offers[type]) {
          expect(phone, hunter.name).toMatch(/^\+447700900\d{3}$/);
          numbers.add(phone!);
        } else expect(phone, hunter.name).toBeNull();
      }
      expect(joining.inPerson.area !== null, hunter.name).toBe(hunter.offers.inPerson !== undefined);
    }
    // One number per hunter (shared by their two WhatsApp types).
    expect(numbers.size).toBe(DEMO_HUNTERS.filter((h) => h.offers.whatsappVoice || h.offers.whatsappVideo).length);
  });
});
