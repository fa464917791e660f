import { describe, expect, it } from 'vitest';
import { VETTING_MESSAGES } from './hunters.js';
import { hunterDecisionSchema, hunterDecisionWithReasonSchema } from './hunters.schemas.js';

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
