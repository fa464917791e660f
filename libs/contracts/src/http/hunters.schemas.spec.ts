import { describe, expect, it } from 'vitest';
import { EMPTY_JOINING_DETAILS, JOINING_MESSAGES, VETTING_MESSAGES } from './hunters.js';
import { hunterDecisionSchema, hunterDecisionWithReasonSchema, hunterFeatureSchema, joiningDetailsSchema } from './hunters.schemas.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the body of a vetting decision', () => {
  it('requires a reason to reject or suspend, absent, null or blank alike, and trims it', () => {
    for (const body of [{}, { reason: null }, { reason: '  ' }, { reason: 3 }]) {
      expect(messagesOf(hunterDecisionWithReasonSchema.safeParse(body)), JSON.stringify(body)).toEqual([VETTING_MESSAGES.reasonRequired]);
    }
    expect(hunterDecisionWithReasonSchema.parse({ reason: '  Add a photo.  ' })).toEqual({ reason: 'Add a photo.' });
    expect(messagesOf(hunterDecisionWithReasonSchema.safeParse({ reason: 'x'.repeat(1001) }))).toEqual([
      'The reason must be at most 1000 characters',
    ]);
    expect(hunterDecisionWithReasonSchema.safeParse({ reason: 'ok', note: 'x' }).success).toBe(false);
  });

  it('takes an optional note to approve or reinstate', () => {
    expect(hunterDecisionSchema.parse({})).toEqual({});
    expect(hunterDecisionSchema.parse({ reason: ' ' })).toEqual({ reason: null });
    expect(hunterDecisionSchema.parse({ reason: ' Looks great ' })).toEqual({ reason: 'Looks great' });
  });
});

describe('the body of joining details', () => {
  const errorsOf = (body: unknown) => {
    // As the services' SchemaPipe names them: the path joined by '.', an unknown key under its own name.
    const result = joiningDetailsSchema.safeParse(body);
    const errors: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) {
      const at = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') for (const key of issue.keys) errors[at ? `${at}.${key}` : key] ??= issue.message;
      else errors[at] ??= issue.message;
    }
    return errors;
  };

  it('strips what people type around a number, then needs E.164', () => {
    expect(
      joiningDetailsSchema.parse({
        whatsappVoice: { phone: ' (+44) 7700-900.123 ' },
        whatsappVideo: { phone: '+33 6 12 34 56 78' },
        inPerson: { area: null, address: null },
      }),
    ).toEqual({ ...EMPTY_JOINING_DETAILS, whatsappVoice: { phone: '+447700900123' }, whatsappVideo: { phone: '+33612345678' } });
    for (const phone of ['07700 900123', '+0 7700 900123', '+44', '+44 7700 900123 4567', 'call me', '+44x7700900123', 447700900123]) {
      expect(errorsOf({ ...EMPTY_JOINING_DETAILS, whatsappVideo: { phone } }), String(phone)).toEqual({
        'whatsappVideo.phone': JOINING_MESSAGES.phone,
      });
    }
  });

  it('reads blank or absent as none, and an empty body as no details at all', () => {
    expect(joiningDetailsSchema.parse({})).toEqual(EMPTY_JOINING_DETAILS);
    expect(
      joiningDetailsSchema.parse({ whatsappVoice: { phone: '  ' }, whatsappVideo: {}, inPerson: { area: ' ', address: '' } }),
    ).toEqual(EMPTY_JOINING_DETAILS);
  });

  it('trims the meeting place, puts a pasted address on one line, and needs both parts or neither', () => {
    expect(
      joiningDetailsSchema.parse({ inPerson: { area: '  Marylebone, London ', address: ' 1 Example Mews\r\n  London W1U 1AA ' } })
        .inPerson,
    ).toEqual({ area: 'Marylebone, London', address: '1 Example Mews, London W1U 1AA' });
    expect(errorsOf({ inPerson: { area: 'Marylebone', address: ' ' } })).toEqual({ 'inPerson.address': JOINING_MESSAGES.address });
    expect(errorsOf({ inPerson: { address: '1 Example Mews' } })).toEqual({ 'inPerson.area': JOINING_MESSAGES.area });
    expect(errorsOf({ inPerson: { area: 'a'.repeat(121), address: 'b'.repeat(301) } })).toEqual({
      'inPerson.area': JOINING_MESSAGES.area,
      'inPerson.address': JOINING_MESSAGES.address,
    });
    expect(joiningDetailsSchema.safeParse({ inPerson: { area: 'a'.repeat(120), address: 'b'.repeat(300) } }).success).toBe(true);
    expect(errorsOf({ inPerson: { area: 'Soho\u0000', address: 'x' } })).toEqual({ 'inPerson.area': JOINING_MESSAGES.area });
  });

  it('refuses fields that are not there and sections that are not objects', () => {
    expect(Object.keys(errorsOf({ whatsappVoice: { phone: null, link: 'x' } }))).toEqual(['whatsappVoice.link']);
    expect(Object.keys(errorsOf({ askQuestion: {} }))).toEqual(['askQuestion']);
    expect(errorsOf({ inPerson: 'Soho' })).toEqual({ inPerson: 'inPerson must be an object' });
  });
});

describe('the body of featuring a hunter', () => {
  it('is featured: true or false, nothing else', () => {
    expect(hunterFeatureSchema.parse({ featured: true })).toEqual({ featured: true });
    expect(hunterFeatureSchema.safeParse({}).success).toBe(false);
    expect(hunterFeatureSchema.safeParse({ featured: 'yes' }).success).toBe(false);
    expect(hunterFeatureSchema.safeParse({ featured: false, rank: 1 }).success).toBe(false);
  });
});
