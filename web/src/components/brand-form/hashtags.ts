import { BRAND_LIMITS } from '@hunted/contracts';

/** The server's rule: '#' then letters, numbers or underscores (any script). */
const HASHTAG_BODY = /^[\p{L}\p{N}_]+$/u;

export const HASHTAG_CHARACTERS_MESSAGE = 'Hashtags may contain only letters, numbers and underscores';

/** Keys that finish a hashtag while typing (as well as leaving the field). */
export const HASHTAG_SEPARATOR_KEYS = ['Enter', ' ', ','];

export interface HashtagEntry {
  hashtags: string[];
  /** What could not be added, left in the box for the user to fix; '' when everything went in. */
  rest: string;
  error: string | null;
}

/**
 * Adds what the user typed to the list: split on spaces and commas, '#' added when missing, blanks skipped,
 * duplicates (ignoring case, like the server) skipped. Text that breaks a rule stays in the box with the reason.
 */
export function addHashtags(current: readonly string[], typed: string): HashtagEntry {
  const hashtags = [...current];
  const seen = new Set(current.map((tag) => tag.toLowerCase()));
  const parts = typed.split(/[\s,]+/);
  for (let index = 0; index < parts.length; index++) {
    const body = (parts[index] ?? '').replace(/^#+/, '');
    if (!body) continue;
    const rest = parts.slice(index).filter(Boolean).join(' ');
    if (!HASHTAG_BODY.test(body)) return { hashtags, rest, error: HASHTAG_CHARACTERS_MESSAGE };
    const hashtag = `#${body}`;
    if (hashtag.length > BRAND_LIMITS.hashtag) {
      return { hashtags, rest, error: `Each hashtag must be at most ${BRAND_LIMITS.hashtag} characters` };
    }
    if (seen.has(hashtag.toLowerCase())) continue;
    if (hashtags.length >= BRAND_LIMITS.hashtags) {
      return { hashtags, rest, error: `At most ${BRAND_LIMITS.hashtags} hashtags` };
    }
    seen.add(hashtag.toLowerCase());
    hashtags.push(hashtag);
  }
  return { hashtags, rest: '', error: null };
}
