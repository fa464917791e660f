import { describe, expect, it } from 'vitest';
import { authorName, displayName, hunterReviewerName, reviewerName } from './user-name.js';

describe('displayName', () => {
  it('joins first and last name, or uses the one there is', () => {
    expect(displayName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(displayName(' Ada ', null)).toBe('Ada');
    expect(displayName(null, 'Lovelace')).toBe('Lovelace');
  });

  it("is 'Anonymous' without a name", () => {
    expect(displayName(null, null)).toBe('Anonymous');
    expect(displayName('  ', '')).toBe('Anonymous');
    expect(displayName(undefined, undefined)).toBe('Anonymous');
  });
});

describe('reviewerName', () => {
  it('is the first name and the last initial', () => {
    expect(reviewerName('Ada', 'Lovelace')).toBe('Ada L.');
    expect(reviewerName(' Ada ', ' émile')).toBe('Ada É.');
    expect(reviewerName('Grace', null)).toBe('Grace');
  });

  it("is 'Anonymous' without a first name", () => {
    expect(reviewerName(null, 'Lovelace')).toBe('Anonymous');
    expect(reviewerName('  ', null)).toBe('Anonymous');
    expect(reviewerName(undefined, undefined)).toBe('Anonymous');
  });
});

describe('a former member (their account deleted)', () => {
  it("is 'Former member' without an id, whatever names are left; the usual name with one", () => {
    expect(authorName(null, 'Ada', 'Lovelace')).toBe('Former member');
    expect(authorName('u-1', 'Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(authorName('u-1', null, null)).toBe('Anonymous');
    expect(hunterReviewerName(null, null, null)).toBe('Former member');
    expect(hunterReviewerName('u-1', 'Ada', 'Lovelace')).toBe('Ada L.');
  });
});
