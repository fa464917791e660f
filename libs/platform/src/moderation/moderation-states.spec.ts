import { MODERATION_MESSAGES } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { appealStep, canAppeal, decisionStep, reportStep } from './moderation-states.js';

const open = { state: 'open', appealed: false } as const;
const hidden = { state: 'hidden', appealed: false } as const;
const appealed = { state: 'appealed', appealed: true } as const;
const rejected = { state: 'hidden', appealed: true } as const;
const closed = { state: 'closed', appealed: false } as const;
const nothing = { refused: MODERATION_MESSAGES.nothingToDecide };

describe('decisionStep', () => {
  it('hides an open case, and nothing else', () => {
    expect(decisionStep(open, 'hide')).toEqual({ next: 'hidden', action: 'hidden', setHidden: true });
    for (const standing of [null, hidden, appealed, rejected, closed]) expect(decisionStep(standing, 'hide')).toEqual(nothing);
  });

  it('restores a hidden or appealed case (an appeal granted) and shows the item again', () => {
    for (const standing of [hidden, appealed, rejected]) {
      expect(decisionStep(standing, 'restore')).toEqual({ next: 'closed', action: 'restored', setHidden: false });
    }
    for (const standing of [null, open, closed]) expect(decisionStep(standing, 'restore')).toEqual(nothing);
  });

  it('dismisses open reports (still shown) and rejects an appeal (still hidden)', () => {
    expect(decisionStep(open, 'dismiss')).toEqual({ next: 'closed', action: 'dismissed', setHidden: null });
    expect(decisionStep(appealed, 'dismiss')).toEqual({ next: 'hidden', action: 'appeal-rejected', setHidden: null });
    for (const standing of [null, hidden, rejected, closed]) expect(decisionStep(standing, 'dismiss')).toEqual(nothing);
  });
});

describe('reportStep', () => {
  it('opens a new or closed case, keeps an open one waiting since its first report', () => {
    expect(reportStep(null)).toEqual({ next: 'open', startsWaiting: true });
    expect(reportStep(closed)).toEqual({ next: 'open', startsWaiting: true });
    expect(reportStep(open)).toEqual({ next: 'open', startsWaiting: false });
  });

  it('finds nothing to report on a hidden item', () => {
    for (const standing of [hidden, appealed, rejected]) expect(reportStep(standing)).toEqual({ refused: MODERATION_MESSAGES.notFound });
  });
});

describe('appealStep', () => {
  it('takes one appeal of a hidden item', () => {
    expect(appealStep(hidden)).toEqual({ next: 'appealed' });
    expect(canAppeal(hidden)).toBe(true);
  });

  it('refuses a second appeal, also after it was rejected', () => {
    expect(appealStep(appealed)).toEqual({ refused: MODERATION_MESSAGES.alreadyAppealed });
    expect(appealStep(rejected)).toEqual({ refused: MODERATION_MESSAGES.alreadyAppealed });
    expect(canAppeal(rejected)).toBe(false);
    expect(canAppeal(appealed)).toBe(false);
  });

  it('refuses an appeal of an item that is not hidden', () => {
    for (const standing of [null, open, closed]) expect(appealStep(standing)).toEqual({ refused: MODERATION_MESSAGES.notHidden });
  });
});
