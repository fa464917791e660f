import { DEFAULT_SESSION_TYPES, type SessionTypes } from '@hunted/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '@hunted/platform';
import {
  HunterInputDto,
  HunterUpdateDto,
  hunterChangesOf,
  newHunterValues,
  PHOTO_MESSAGE,
  pricePerSessionOf,
  sessionTypesError,
} from './hunter-input.dto.js';

const valid = {
  name: ' Sofia ',
  location: 'Italy',
  specialties: ['Fine Jewelry', 'Fine Jewelry'],
  adviceTypes: ['Personal Shopping'],
  languages: ['English'],
  yearsExperience: 3,
  sessionTypes: DEFAULT_SESSION_TYPES,
};

function errorsOf<T extends object>(dto: new () => T, body: object): Record<string, string> {
  return fieldErrorsOf(validateSync(plainToInstance(dto, body)));
}

describe('hunter input rules', () => {
  it('accepts a complete profile, trimming the name and de-duplicating lists, with the spec\'s defaults', () => {
    const input = plainToInstance(HunterInputDto, valid);
    expect(validateSync(input)).toEqual([]);
    expect(newHunterValues(input)).toMatchObject({
      name: 'Sofia',
      specialties: ['Fine Jewelry'],
      bio: '',
      instagramUrl: null,
      profileImageUrl: null,
      availabilityStatus: 'Available',
      pricePerSession: 25,
    });
  });

  it('names each missing required field with the spec\'s message', () => {
    expect(errorsOf(HunterInputDto, {})).toEqual({
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
    expect(errorsOf(HunterUpdateDto, {})).toEqual({});
    expect(errorsOf(HunterUpdateDto, { languages: [] })).toEqual({ languages: 'Select at least one language' });
    const update = plainToInstance(HunterUpdateDto, { bio: 'New', pricePerSession: 3 });
    expect(hunterChangesOf(update)).toEqual({ bio: 'New' });
    const priced = plainToInstance(HunterUpdateDto, { sessionTypes: DEFAULT_SESSION_TYPES, pricePerSession: 3 });
    expect(hunterChangesOf(priced).pricePerSession).toBe(25);
  });

  it("takes as a photo an upload and the site's own paths (a stored photo, an avatar, a demo hunter's portrait) only", () => {
    for (const url of ['/api/media/hunter-photos/0b6f7c1e-2f7a-4c1e-9a55-5d6f3e1c2b7a', '/api/auth/avatars/u1.png', '/demo-hunters/sofia-marchetti.svg', 'data:image/png;base64,AA==']) {
      expect(errorsOf(HunterUpdateDto, { profileImageUrl: url }), url).toEqual({});
    }
    // A link to another site would let that site follow every visitor of the listing: refused with a clear text.
    for (const url of ['https://img.example/a.png', 'http://tracker.example/p.gif?u=1', '//img.example/a.png', '/demo-hunters/../secret.svg', '/demo-hunters/x.png', '/other/x.svg', 'javascript:alert(1)']) {
      expect(errorsOf(HunterUpdateDto, { profileImageUrl: url }), url).toEqual({ profileImageUrl: PHOTO_MESSAGE });
    }
    expect(PHOTO_MESSAGE).toBe('Profile photo must be an uploaded image or none (links to other sites are not accepted)');
  });
});

describe('session types', () => {
  const types = (changes: Partial<Record<keyof SessionTypes, object>>) =>
    Object.fromEntries(Object.entries(DEFAULT_SESSION_TYPES).map(([key, type]) => [key, { ...type, ...changes[key as keyof SessionTypes] }]));

  it('needs the four keys, at least one enabled, and an enabled type priced 0 or £2–£5,000 for 15–240 minutes', () => {
    expect(sessionTypesError(DEFAULT_SESSION_TYPES)).toBeNull();
    expect(sessionTypesError(types({ askQuestion: { price: 0 } }))).toBeNull();
    expect(sessionTypesError(types({ askQuestion: { price: 2, duration: 15 }, inPerson: { enabled: true, price: 5000, duration: 240 } }))).toBeNull();
    expect(sessionTypesError(null)).toMatch(/^Session types must set/);
    expect(sessionTypesError({ ...DEFAULT_SESSION_TYPES, extra: {} })).toMatch(/^Session types must set exactly/);
    expect(sessionTypesError(types({ askQuestion: { price: undefined } }))).toBe('Session price is required');
    expect(sessionTypesError(types({ askQuestion: { price: 1 } }))).toMatch(/^Session price must be 0 \(free\)/);
    expect(sessionTypesError(types({ askQuestion: { duration: 14 } }))).toMatch(/^Session duration must be/);
    expect(sessionTypesError(types({ askQuestion: { note: 'x' } }))).toBe('Session type askQuestion may set only enabled, price and duration');
    expect(
      sessionTypesError(types({ whatsappVoice: { enabled: false }, whatsappVideo: { enabled: false }, askQuestion: { enabled: false } })),
    ).toBe('Enable at least one session type');
  });

  it('prices a hunter at the lowest enabled price', () => {
    expect(pricePerSessionOf(DEFAULT_SESSION_TYPES)).toBe(25);
    expect(pricePerSessionOf(types({ askQuestion: { enabled: false } }) as unknown as SessionTypes)).toBe(50);
    expect(pricePerSessionOf(types({ whatsappVideo: { price: 0 } }) as unknown as SessionTypes)).toBe(0);
  });
});
