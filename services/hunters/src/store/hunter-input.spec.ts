import {
  DEFAULT_SESSION_TYPES,
  hunterInputSchema,
  hunterUpdateSchema,
  PHOTO_MESSAGE,
  pricePerSessionOf,
  sessionTypesError,
  type SessionTypes,
} from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsOfIssues } from '@hunted/platform';
import { hunterChangesOf, newHunterValues } from './hunter-input.js';

const valid = {
  name: ' Sofia ',
  location: 'Italy',
  specialties: ['Fine Jewelry', 'Fine Jewelry'],
  adviceTypes: ['Personal Shopping'],
  languages: ['English'],
  yearsExperience: 3,
  sessionTypes: DEFAULT_SESSION_TYPES,
};

function errorsOf(schema: z.ZodType, body: object): Record<string, string> {
  const result = schema.safeParse(body);
  return result.success ? {} : fieldErrorsOfIssues(result.error.issues);
}

describe('hunter input rules', () => {
  it("accepts a complete profile, trimming the name and de-duplicating lists, with the spec's defaults", () => {
    expect(errorsOf(hunterInputSchema, valid)).toEqual({});
    expect(newHunterValues(hunterInputSchema.parse(valid))).toMatchObject({
      name: 'Sofia',
      specialties: ['Fine Jewelry'],
      bio: '',
      instagramUrl: null,
      profileImageUrl: null,
      availabilityStatus: 'Available',
      pricePerSession: 25,
    });
  });

  it("names each missing required field with the spec's message", () => {
    expect(errorsOf(hunterInputSchema, {})).toEqual({
      name: 'Name is required',
      location: expect.stringMatching(/^Location must be one of/) as string,
      specialties: 'Select at least one specialty',
      adviceTypes: 'Select at least one advice type',
      languages: 'Select at least one language',
      yearsExperience: 'Years of experience is required',
      sessionTypes: 'Session types must set whatsappVoice, whatsappVideo, inPerson, askQuestion',
    });
  });

  it('checks on an edit only the fields sent, and ignores a sent pricePerSession', () => {
    expect(errorsOf(hunterUpdateSchema, {})).toEqual({});
    expect(errorsOf(hunterUpdateSchema, { languages: [] })).toEqual({ languages: 'Select at least one language' });
    const update = hunterUpdateSchema.parse({ bio: 'New', pricePerSession: 3 });
    expect(hunterChangesOf(update)).toEqual({ bio: 'New' });
    const priced = hunterUpdateSchema.parse({ sessionTypes: DEFAULT_SESSION_TYPES, pricePerSession: 3 });
    expect(hunterChangesOf(priced).pricePerSession).toBe(25);
  });

  it('refuses fields a hunter does not set, and checks links, lengths, years and control characters as before', () => {
    expect(errorsOf(hunterInputSchema, { ...valid, rating: 5, featured: true })).toEqual({
      rating: 'property rating should not exist',
      featured: 'property featured should not exist',
    });
    expect(errorsOf(hunterUpdateSchema, { instagramUrl: 'instagram.com/sofia' })).toEqual({
      instagramUrl: 'Instagram must be a link starting with http:// or https://',
    });
    expect(errorsOf(hunterUpdateSchema, { instagramUrl: `https://instagram.com/${'a'.repeat(500)}` })).toEqual({
      instagramUrl: 'Instagram must be at most 500 characters',
    });
    expect(hunterUpdateSchema.parse({ instagramUrl: '  ', bio: null, profileImageUrl: ' ' })).toEqual({
      instagramUrl: null,
      bio: '',
      profileImageUrl: null,
    });
    expect(errorsOf(hunterUpdateSchema, { name: '  ' })).toEqual({ name: 'Name is required' });
    expect(errorsOf(hunterUpdateSchema, { name: null })).toEqual({ name: 'Name is required' });
    expect(errorsOf(hunterUpdateSchema, { name: 'A\rB' })).toEqual({
      name: 'Name may not contain control characters (such as line breaks)',
    });
    expect(errorsOf(hunterUpdateSchema, { name: 'x'.repeat(256) })).toEqual({
      name: 'Name must be at most 255 characters',
    });
    expect(errorsOf(hunterUpdateSchema, { bio: 'x'.repeat(2001) })).toEqual({
      bio: 'Bio must be at most 2,000 characters',
    });
    expect(errorsOf(hunterUpdateSchema, { bio: 3 })).toEqual({ bio: 'Bio must be text' });
    expect(errorsOf(hunterUpdateSchema, { yearsExperience: 2.5 })).toEqual({
      yearsExperience: 'Years of experience is required',
    });
    expect(errorsOf(hunterUpdateSchema, { yearsExperience: '3' })).toEqual({
      yearsExperience: 'Years of experience is required',
    });
    expect(errorsOf(hunterUpdateSchema, { yearsExperience: 61 })).toEqual({
      yearsExperience: 'Years of experience must be from 0 to 60',
    });
    expect(errorsOf(hunterUpdateSchema, { specialties: ['Hats'] })).toEqual({
      specialties: expect.stringMatching(/^Each specialty must be one of: Luxury Fashion/) as string,
    });
    expect(errorsOf(hunterUpdateSchema, { specialties: 'Fine Jewelry' })).toEqual({
      specialties: 'Select at least one specialty',
    });
    expect(errorsOf(hunterUpdateSchema, { availabilityStatus: 'Away' })).toEqual({
      availabilityStatus: 'Availability status must be one of: Available, Busy, Unavailable',
    });
    expect(errorsOf(hunterUpdateSchema, { sessionTypes: null })).toEqual({
      sessionTypes: 'Session types must set whatsappVoice, whatsappVideo, inPerson, askQuestion',
    });
  });

  it("takes as a photo an upload and the site's own paths (a stored photo, an avatar, a demo hunter's portrait) only", () => {
    for (const url of [
      '/api/media/hunter-photos/0b6f7c1e-2f7a-4c1e-9a55-5d6f3e1c2b7a',
      '/api/auth/avatars/7c9e6679-7425-40de-944b-e07fc1f90ae7',
      '/demo-hunters/sofia-marchetti.svg',
      'data:image/png;base64,AA==',
    ]) {
      expect(errorsOf(hunterUpdateSchema, { profileImageUrl: url }), url).toEqual({});
    }
    // A link to another site would let that site follow every visitor of the listing: refused with a clear text.
    for (const url of [
      'https://img.example/a.png',
      'http://tracker.example/p.gif?u=1',
      '//img.example/a.png',
      '/demo-hunters/../secret.svg',
      // Photo ids are UUIDs (issue 35): anything else names no photo, or a path of its own.
      '/api/auth/avatars/u1.png',
      '/api/media/hunter-photos/../../hunter-edits/1',
      '/api/media/hunter-photos/0B6F7C1E-2F7A-4C1E-9A55-5D6F3E1C2B7A',
      '/demo-hunters/x.png',
      '/other/x.svg',
      'javascript:alert(1)',
    ]) {
      expect(errorsOf(hunterUpdateSchema, { profileImageUrl: url }), url).toEqual({ profileImageUrl: PHOTO_MESSAGE });
    }
    expect(PHOTO_MESSAGE).toBe(
      'Profile photo must be an uploaded image or none (links to other sites are not accepted)',
    );
  });
});

describe('session types', () => {
  const types = (changes: Partial<Record<keyof SessionTypes, object>>) =>
    Object.fromEntries(
      Object.entries(DEFAULT_SESSION_TYPES).map(([key, type]) => [
        key,
        { ...type, ...changes[key as keyof SessionTypes] },
      ]),
    );

  it('needs the four keys, at least one enabled, and an enabled type priced 0 or £2–£5,000 for 15–240 minutes', () => {
    expect(sessionTypesError(DEFAULT_SESSION_TYPES)).toBeNull();
    expect(sessionTypesError(types({ askQuestion: { price: 0 } }))).toBeNull();
    expect(
      sessionTypesError(
        types({ askQuestion: { price: 2, duration: 15 }, inPerson: { enabled: true, price: 5000, duration: 240 } }),
      ),
    ).toBeNull();
    expect(sessionTypesError(null)).toMatch(/^Session types must set/);
    expect(sessionTypesError({ ...DEFAULT_SESSION_TYPES, extra: {} })).toMatch(/^Session types must set exactly/);
    expect(sessionTypesError(types({ askQuestion: { price: undefined } }))).toBe('Session price is required');
    expect(sessionTypesError(types({ askQuestion: { price: 1 } }))).toMatch(/^Session price must be 0 \(free\)/);
    expect(sessionTypesError(types({ askQuestion: { duration: 14 } }))).toMatch(/^Session duration must be/);
    expect(sessionTypesError(types({ askQuestion: { note: 'x' } }))).toBe(
      'Session type askQuestion may set only enabled, price and duration',
    );
    expect(
      sessionTypesError(
        types({
          whatsappVoice: { enabled: false },
          whatsappVideo: { enabled: false },
          askQuestion: { enabled: false },
        }),
      ),
    ).toBe('Enable at least one session type');
  });

  it('prices a hunter at the lowest enabled price', () => {
    expect(pricePerSessionOf(DEFAULT_SESSION_TYPES)).toBe(25);
    expect(pricePerSessionOf(types({ askQuestion: { enabled: false } }) as unknown as SessionTypes)).toBe(50);
    expect(pricePerSessionOf(types({ whatsappVideo: { price: 0 } }) as unknown as SessionTypes)).toBe(0);
  });
});
