import { useDeferredValue } from 'react';

/**
 * Whether what a page waits for may be drawn yet: `arrived` as the page last drew it. When it turns true the page
 * renders once more as it was (its spinner, cheap), and React then draws the arrived answer in a background render
 * that yields to the browser every few milliseconds. Answers come through TanStack Query's external store, whose
 * updates React always renders at once, so without this a page's whole first screen was drawn in one task: 150–600 ms
 * on a phone's slower processor, most of the total blocking time that kept these pages under a mobile score of 90
 * (issue 23). Only the boolean is deferred: deferring the query's result object itself (a new object every render)
 * re-rendered the page in the background for ever.
 */
export function useDrawnInBackground(arrived: boolean): boolean {
  return useDeferredValue(arrived);
}
