/**
 * /brands remembers where the visitor was (spec: across page unload and when View Details is clicked) and
 * goes back there when the list loads again. The position is kept with the filters it belongs to and the
 * number of brands that were loaded, so a paged list can read its pages back to that length first.
 */
export const SCROLL_STORAGE_KEY = 'hunted:brands-scroll';

export interface RememberedScroll {
  y: number;
  loaded: number;
  search: string;
}

export function rememberScroll(position: RememberedScroll, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(position));
  } catch {
    // Storage full or disabled (private mode): losing the position is harmless.
  }
}

/** The position remembered for these filters, or null. */
export function recallScroll(search: string, storage: Storage = sessionStorage): RememberedScroll | null {
  try {
    const raw = storage.getItem(SCROLL_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<RememberedScroll>;
    if (typeof parsed.y !== 'number' || parsed.search !== search) return null;
    return { y: parsed.y, loaded: typeof parsed.loaded === 'number' ? parsed.loaded : 0, search };
  } catch {
    return null;
  }
}
