import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAddressSearch } from './use-address-search';

const DELAY = 300;

/** The hook with an address held in a variable, as a page holds it in the URL. */
function renderSearch(initial: string) {
  const writes: string[] = [];
  const hook = renderHook(
    ({ address }: { address: string }) =>
      useAddressSearch(
        address,
        (search) => {
          writes.push(search);
          hook.rerender({ address: search });
        },
        DELAY,
      ),
    { initialProps: { address: initial } },
  );
  return { hook, writes };
}

describe('useAddressSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the address once typing pauses, not at each key', () => {
    const { hook, writes } = renderSearch('');
    for (const text of ['l', 'lo', 'loo']) {
      act(() => hook.result.current[1](text));
      act(() => {
        vi.advanceTimersByTime(DELAY - 1);
      });
    }
    expect(writes).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(writes).toEqual(['loo']);
  });

  it('writes the same words typed again right after a reset (they were lost before)', () => {
    const { hook, writes } = renderSearch('atelier');
    // Reset: the box and the address are cleared together.
    act(() => {
      hook.result.current[1]('');
      hook.rerender({ address: '' });
    });
    act(() => {
      vi.advanceTimersByTime(DELAY / 2);
    });
    act(() => hook.result.current[1]('atelier'));
    act(() => {
      vi.advanceTimersByTime(DELAY);
    });
    expect(writes).toEqual(['atelier']);
    expect(hook.result.current[0]).toBe('atelier');
  });

  it('after a reset, writes nothing of its own while the navigation of the reset is still on its way', () => {
    const { hook, writes } = renderSearch('atelier');
    act(() => hook.result.current[2](''));
    expect(hook.result.current[0]).toBe('');
    act(() => {
      vi.advanceTimersByTime(DELAY * 2);
    });
    // A write here would carry the filters from before the reset and undo it once it landed.
    expect(writes).toEqual([]);
    act(() => hook.rerender({ address: '' }));
    expect(hook.result.current[0]).toBe('');
  });

  it('shows an address changed elsewhere (back/forward) in the box, and does not write it back', () => {
    const { hook, writes } = renderSearch('boots');
    act(() => hook.rerender({ address: 'bags' }));
    expect(hook.result.current[0]).toBe('bags');
    act(() => {
      vi.advanceTimersByTime(DELAY * 2);
    });
    expect(writes).toEqual([]);
  });
});
