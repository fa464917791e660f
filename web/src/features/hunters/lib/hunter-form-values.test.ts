import { DEFAULT_SESSION_TYPES, isTimeZone } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { aHunter } from '@/testing/data-generators';
import {
  HUNTER_FORM_MESSAGES,
  hunterFormValuesOf,
  hunterInputOf,
  newHunterFormValues,
  toggledLanguages,
  validateHunterForm,
  wholeNumberOf,
  type HunterFormValues,
} from './hunter-form-values';

const user = { firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: '/api/auth/avatars/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' };

/** A complete new profile, as a hunter would fill it in. */
function filled(change: Partial<HunterFormValues> = {}): HunterFormValues {
  const values = newHunterFormValues(user);
  return {
    ...values,
    location: 'Italy',
    timeZone: 'Europe/Rome',
    yearsExperience: '7',
    specialties: ['Fine Jewelry'],
    adviceTypes: ['Wardrobe Audit'],
    sessionTypes: {
      ...values.sessionTypes,
      whatsappVoice: { enabled: true, price: '45', duration: '30' },
      whatsappVideo: { enabled: true, price: '90', duration: '60' },
      askQuestion: { enabled: true, price: '0', duration: '15' },
    },
    ...change,
  };
}

describe('newHunterFormValues', () => {
  it("pre-fills the user's name and photo, English, and the spec's session types with empty prices", () => {
    const values = newHunterFormValues(user);
    expect(values.name).toBe('Ada Lovelace');
    expect(values.profileImageUrl).toBe('/api/auth/avatars/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
    expect(values.languages).toEqual(['English']);
    expect(values.sessionTypes).toEqual({
      whatsappVoice: { enabled: true, price: '', duration: '30' },
      whatsappVideo: { enabled: true, price: '', duration: '60' },
      inPerson: { enabled: false, price: '', duration: '90' },
      askQuestion: { enabled: true, price: '', duration: '15' },
    });
  });

  it('uses the first name alone when there is no last name, and no photo when the user has none', () => {
    const values = newHunterFormValues({ firstName: 'Mina', lastName: null, profileImageUrl: null });
    expect(values.name).toBe('Mina');
    expect(values.profileImageUrl).toBeNull();
  });
});

describe('validateHunterForm on creation', () => {
  it("checks what it would send with the server's schema, showing the server's own messages", () => {
    expect(validateHunterForm(filled({ name: 'x'.repeat(256) }), 'create')).toEqual({ name: 'Name must be at most 255 characters' });
    expect(validateHunterForm(filled({ name: 'Ada\u001bLovelace' }), 'edit')).toEqual({
      name: 'Name may not contain control characters (such as line breaks)',
    });
    expect(validateHunterForm(filled({ bio: 'x'.repeat(2001) }), 'create')).toEqual({ bio: 'Bio must be at most 2,000 characters' });
    expect(validateHunterForm(filled({ profileImageUrl: 'https://img.example/a.png' }), 'edit')).toEqual({
      profileImageUrl: 'Profile photo must be an uploaded image or none (links to other sites are not accepted)',
    });
    expect(validateHunterForm(filled(), 'create')).toEqual({});
    expect(validateHunterForm(filled({ instagramUrl: 'https://instagram.com/ada' }), 'create')).toEqual({});
    expect(validateHunterForm(filled({ instagramUrl: 'https://localhost/ada' }), 'create')).toEqual({
      instagramUrl: 'Instagram must be a link starting with http:// or https://',
    });
  });

  it("names every missing field with the spec's messages", () => {
    const errors = validateHunterForm({ ...newHunterFormValues(user), name: ' ', languages: [] }, 'create');
    expect(errors).toEqual({
      name: 'Name is required',
      location: 'Please select a location',
      yearsExperience: 'Years of experience is required',
      specialties: 'Select at least one specialty',
      adviceTypes: 'Select at least one advice type',
      languages: 'Select at least one language',
      'sessionTypes.whatsappVoice.price': 'Session price is required',
      'sessionTypes.whatsappVideo.price': 'Session price is required',
      'sessionTypes.askQuestion.price': 'Session price is required',
    });
  });

  it('accepts a complete profile, a free session included', () => {
    expect(validateHunterForm(filled(), 'create')).toEqual({});
  });

  it('asks for a price only for the enabled types', () => {
    const values = filled();
    values.sessionTypes.whatsappVoice = { enabled: false, price: '', duration: '30' };
    expect(validateHunterForm(values, 'create')).toEqual({});
  });

  it("refuses the server's out-of-range numbers with its messages", () => {
    // In pounds (£2 is the lowest paid price); an Italian profile left at its own currency would price in euros.
    const values = filled({ yearsExperience: '61', instagramUrl: 'instagram.com/ada', currency: 'GBP' });
    values.sessionTypes.whatsappVoice = { enabled: true, price: '1', duration: '10' };
    values.sessionTypes.whatsappVideo = { enabled: true, price: '12.5', duration: '241' };
    expect(validateHunterForm(values, 'create')).toEqual({
      yearsExperience: 'Years of experience must be from 0 to 60',
      instagramUrl: 'Instagram must be a link starting with http:// or https://',
      'sessionTypes.whatsappVoice.price': HUNTER_FORM_MESSAGES.price,
      'sessionTypes.whatsappVoice.duration': HUNTER_FORM_MESSAGES.duration,
      'sessionTypes.whatsappVideo.price': HUNTER_FORM_MESSAGES.price,
      'sessionTypes.whatsappVideo.duration': HUNTER_FORM_MESSAGES.duration,
    });
  });

  it('checks the prices in the profile’s currency: the location’s own unless chosen, with Stripe’s minimum named', () => {
    const euros = filled();
    euros.sessionTypes.whatsappVoice = { enabled: true, price: '5001', duration: '30' };
    expect(validateHunterForm(euros, 'create')['sessionTypes.whatsappVoice.price']).toBe(
      'Session price must be 0 (free) or a whole number from €1 to €5,000',
    );
    const kronor = filled({ currency: 'SEK' });
    kronor.sessionTypes.whatsappVoice = { enabled: true, price: '2', duration: '30' };
    expect(validateHunterForm(kronor, 'create')['sessionTypes.whatsappVoice.price']).toBe(
      'Session price must be 0 (free) or at least SEK\u00a03, the smallest charge Stripe takes in SEK',
    );
  });

  it('needs at least one session type switched on', () => {
    const values = filled();
    for (const type of Object.values(values.sessionTypes)) type.enabled = false;
    expect(validateHunterForm(values, 'create')).toEqual({ sessionTypes: 'Enable at least one session type' });
  });
});

describe('validateHunterForm on an edit', () => {
  it('takes empty or invalid years and prices as 0, which the rules allow', () => {
    const values = filled({ yearsExperience: '' });
    values.sessionTypes.whatsappVoice = { enabled: true, price: '', duration: '30' };
    values.sessionTypes.whatsappVideo = { enabled: true, price: 'abc', duration: '60.9' };
    expect(validateHunterForm(values, 'edit')).toEqual({});
  });

  it('still refuses an enabled type whose duration becomes 0', () => {
    const values = filled();
    values.sessionTypes.askQuestion = { enabled: true, price: '25', duration: '' };
    expect(validateHunterForm(values, 'edit')).toEqual({
      'sessionTypes.askQuestion.duration': HUNTER_FORM_MESSAGES.duration,
    });
  });
});

describe('wholeNumberOf', () => {
  it.each([
    ['42', 42],
    [' 7 ', 7],
    ['12.9', 12],
    ['', 0],
    ['abc', 0],
    ['-3', -3],
  ])('%j becomes %d', (text, number) => {
    expect(wholeNumberOf(text)).toBe(number);
  });
});

describe('toggledLanguages', () => {
  it('adds and removes a language, but never the last one', () => {
    expect(toggledLanguages(['English'], 'French')).toEqual(['English', 'French']);
    expect(toggledLanguages(['English', 'French'], 'English')).toEqual(['French']);
    expect(toggledLanguages(['French'], 'French')).toEqual(['French']);
  });
});

describe('hunterInputOf', () => {
  it('sends whole numbers, trimmed text and no computed price', () => {
    const input = hunterInputOf(filled({ name: '  Ada  ', bio: ' Hello ', instagramUrl: ' ' }), 'create');
    expect(input).toEqual({
      name: 'Ada',
      bio: 'Hello',
      location: 'Italy',
      timeZone: 'Europe/Rome',
      // Italy's own, sent so the server and the form agree on what the prices are in.
      currency: 'EUR',
      specialties: ['Fine Jewelry'],
      adviceTypes: ['Wardrobe Audit'],
      languages: ['English'],
      yearsExperience: 7,
      instagramUrl: null,
      profileImageUrl: '/api/auth/avatars/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      sessionTypes: {
        whatsappVoice: { enabled: true, price: 45, duration: 30 },
        whatsappVideo: { enabled: true, price: 90, duration: 60 },
        // Never switched on: its price stays the example the placeholder showed.
        inPerson: { enabled: false, price: DEFAULT_SESSION_TYPES.inPerson.price, duration: 90 },
        askQuestion: { enabled: true, price: 0, duration: 15 },
      },
    });
    expect(input).not.toHaveProperty('availabilityStatus');
  });

  it('turns an edit’s empty or invalid numbers into 0 and sends the availability status', () => {
    const values = filled({ yearsExperience: 'x', availabilityStatus: 'Busy' });
    values.sessionTypes.whatsappVoice = { enabled: true, price: '', duration: '45.7' };
    const input = hunterInputOf(values, 'edit');
    expect(input.yearsExperience).toBe(0);
    expect(input.sessionTypes.whatsappVoice).toEqual({ enabled: true, price: 0, duration: 45 });
    expect(input.availabilityStatus).toBe('Busy');
  });
});

describe('the time zone field', () => {
  it("starts on the browser's zone", () => {
    expect(isTimeZone(newHunterFormValues(user).timeZone)).toBe(true);
  });
});

describe('hunterFormValuesOf', () => {
  it('fills the form from a profile, numbers as text', () => {
    const hunter = aHunter({ yearsExperience: 9, instagramUrl: null, availabilityStatus: 'Unavailable' });
    const values = hunterFormValuesOf(hunter);
    expect(values).toMatchObject({ yearsExperience: '9', instagramUrl: '', availabilityStatus: 'Unavailable', timeZone: 'Europe/London' });
    expect(values.sessionTypes.whatsappVoice).toEqual({ enabled: true, price: '50', duration: '30' });
    expect(hunterInputOf(values, 'edit').sessionTypes).toEqual(hunter.sessionTypes);
  });
});
