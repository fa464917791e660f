/** The words of a space-separated list, as a union of string literals. */
type Words<List extends string> = List extends `${infer Word} ${infer Rest}` ? Word | Words<Rest> : List;

/**
 * The column of each value a repository writes: its camelCase name in snake_case (`imageUrl` → `image_url`), from
 * one space-separated list (`snakeCaseColumns('name imageUrl tags')`), so a repository's value → column map is not
 * spelt out key by key. Typed: assign it to `Record<keyof Values, string>` and a missing value is a type error.
 */
export function snakeCaseColumns<List extends string>(names: List): Record<Words<List>, string> {
  return Object.fromEntries(
    names
      .split(' ')
      .filter(Boolean)
      .map((name) => [name, name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)]),
  ) as Record<Words<List>, string>;
}
