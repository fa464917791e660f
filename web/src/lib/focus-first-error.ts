/**
 * Focuses the first field in error, in the order the form shows its fields: the control whose id `idOf` gives, or
 * else the first enabled input or button inside the element marked `data-field` (a group of chips, a fieldset).
 * It waits a frame for the messages to render, so the field scrolls into view with its error beneath it.
 */
export function focusFirstError<F extends string>(
  form: HTMLFormElement | null,
  fields: readonly F[],
  errors: Partial<Record<F, string>>,
  idOf: (field: F) => string,
): void {
  const first = fields.find((field) => errors[field]);
  if (!first) return;
  requestAnimationFrame(() => {
    const element =
      form?.querySelector<HTMLElement>(`#${CSS.escape(idOf(first))}`) ??
      form?.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] button:not(:disabled)`);
    element?.focus();
  });
}
