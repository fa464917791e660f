/**
 * A search box's text as a prefix tsquery over the words in it: "loo thr" finds "Loom & Thread". Only letters
 * and digits reach PostgreSQL, so no input can be a malformed tsquery. At most 10 distinct words are kept.
 * Shared by every list with a search box (brands, hunters).
 */
export function searchQueryOf(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 10);
  return unique.length ? unique.map((word) => `'${word}':*`).join(' & ') : undefined;
}
