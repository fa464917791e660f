import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A search box that follows the address: the box changes at once as the user types, and the address (so the server
 * query) follows once typing pauses for `delayMs`; a change of the address from elsewhere (back/forward, a reset)
 * shows in the box. The pause is timed on the box's own changes, not on a debounced copy of its text: typing the
 * same words again right after a reset leaves such a copy unchanged, and the search would never reach the address.
 */
export function useAddressSearch(
  addressSearch: string,
  writeSearch: (search: string) => void,
  delayMs: number,
): [string, (text: string) => void, (search: string) => void] {
  const [text, setText] = useState(addressSearch);
  // The latest writer, so a pending write keeps the filters chosen while the user was still typing.
  const write = useRef(writeSearch);
  useEffect(() => {
    write.current = writeSearch;
  });
  const address = useRef(addressSearch);
  useEffect(() => {
    address.current = addressSearch;
    setText((current) => (current.trim() === addressSearch.trim() ? current : addressSearch));
  }, [addressSearch]);
  useEffect(() => {
    if (text.trim() === address.current.trim()) return;
    const timer = setTimeout(() => write.current(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  /**
   * The page wrote `search` to the address itself, with other filters (a reset): the box shows it at once and
   * schedules no write of its own. A write scheduled here would carry the filters of the render before the page's
   * navigation landed, and on a slow phone it can fire first and put back the filters the reset cleared.
   */
  const showWritten = useCallback((search: string) => {
    address.current = search;
    setText(search);
  }, []);
  return [text, setText, showWritten];
}
