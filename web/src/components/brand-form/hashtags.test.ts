import { describe, expect, it } from 'vitest';
import { addHashtags, HASHTAG_CHARACTERS_MESSAGE } from './hashtags';

describe('addHashtags', () => {
  it("adds '#' when missing and keeps one that is there", () => {
    expect(addHashtags([], 'slowfashion')).toEqual({ hashtags: ['#slowfashion'], rest: '', error: null });
    expect(addHashtags([], '#madeinuk').hashtags).toEqual(['#madeinuk']);
    expect(addHashtags([], '##linen').hashtags).toEqual(['#linen']);
  });

  it('splits on spaces and commas and skips blanks', () => {
    expect(addHashtags(['#one'], ' two, three  ,,four ').hashtags).toEqual(['#one', '#two', '#three', '#four']);
    expect(addHashtags(['#one'], ' , # ')).toEqual({ hashtags: ['#one'], rest: '', error: null });
  });

  it('ignores duplicates, whatever their case', () => {
    expect(addHashtags(['#SlowFashion'], 'slowfashion #SLOWFASHION new new').hashtags).toEqual([
      '#SlowFashion',
      '#new',
    ]);
  });

  it('keeps letters of any script, numbers and underscores', () => {
    expect(addHashtags([], 'fait_main été2026').hashtags).toEqual(['#fait_main', '#été2026']);
  });

  it('leaves a hashtag with other characters in the box with the reason', () => {
    expect(addHashtags(['#ok'], 'good bad-one later')).toEqual({
      hashtags: ['#ok', '#good'],
      rest: 'bad-one later',
      error: HASHTAG_CHARACTERS_MESSAGE,
    });
  });

  it('refuses hashtags over the length limit and beyond the count limit', () => {
    expect(addHashtags([], 'a'.repeat(100)).error).toBe('Each hashtag must be at most 100 characters');
    const thirty = Array.from({ length: 30 }, (_, index) => `#tag${index}`);
    expect(addHashtags(thirty, 'one_more')).toEqual({ hashtags: thirty, rest: 'one_more', error: 'At most 30 hashtags' });
  });
});
