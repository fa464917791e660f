import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@/components/ui/toast';
import { setViewerTimeZoneForTests } from '@/lib/time-zone';
import { fakeIo, openedSockets } from './fake-socket';

// The live socket talks to the messaging service, which a unit test does not have: tests drive a fake instead.
vi.mock('socket.io-client', () => ({ io: fakeIo }));

// A failed query's message prints the whole page (prettyDOM), and findBy*/waitFor make one at every look that fails
// before the element comes (at each change of the page, every 50 ms), only to drop it: that printing was a sixth of
// a page test's time. The message is Testing Library's own, made when first read: when the test fails.
function lazyElementError(message: string | null, container: Element): Error {
  const error = new Error();
  error.name = 'TestingLibraryElementError';
  // The failure points at the test's line, as Testing Library's own error does, not at this file.
  Error.captureStackTrace(error, lazyElementError);
  let text: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    get: () =>
      (text ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`]
        .filter(Boolean)
        .join('\n\n')),
  });
  return error;
}

// findBy*/waitFor give up after 1 s by default; a lazily loaded route on a busy 2-core machine (CI runs the whole
// suite in parallel) can take longer than that to render, which made correct tests fail now and then. 15 s (under
// the 30 s a test may take, web/vitest.config.ts) so a missing element fails with its own message, not a timeout.
configure({ asyncUtilTimeout: 15_000, getElementError: lazyElementError });

// happy-dom has no requestIdleCallback (and an IntersectionObserver that never reports), so whenIdle fell back to
// its 1.5 s timer and every Deferred section, the header's menu and the live socket waited that out in real time:
// most of the web tests' run. A browser with nothing left to draw calls idle callbacks at once; so does this one,
// on the next task, so the work still comes after the render that asked for it.
globalThis.requestIdleCallback = (callback) =>
  Number(setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }), 0));
globalThis.cancelIdleCallback = (handle) => clearTimeout(handle);

// Every test reads times as a browser in London does unless it sets another zone (the tests were written on the
// London clock, and the machine's own zone must not change what they see).
setViewerTimeZoneForTests('Europe/London');

afterEach(() => {
  setViewerTimeZoneForTests('Europe/London');
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The files of a worker share its modules and its window (isolate: false in vitest.config.ts): what a test leaves
  // in them (the toast's one slot, storage, the sockets opened) is cleared, so the next test starts as a fresh file.
  dismissToast();
  sessionStorage.clear();
  localStorage.clear();
  openedSockets.length = 0;
});
