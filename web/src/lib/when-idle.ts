/** The longest work put off "until idle" waits when the browser never is. */
const IDLE_TIMEOUT_MS = 1_500;

/**
 * Runs `work` once the browser is idle after what it is drawing now (at most IDLE_TIMEOUT_MS later), where it
 * cannot tell, after a short timer. Returns a cancel. For what a page can do without at first: scripts fetched then
 * do not compete with the page's own for a slow phone's bandwidth and processor (issue 23).
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, IDLE_TIMEOUT_MS);
  return () => clearTimeout(timer);
}
