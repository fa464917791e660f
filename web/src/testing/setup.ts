import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeIo } from './fake-socket';

// The live socket talks to the messaging service, which a unit test does not have: tests drive a fake instead.
vi.mock('socket.io-client', () => ({ io: fakeIo }));

// findBy*/waitFor give up after 1 s by default; a lazily loaded route on a busy 2-core machine (CI runs the whole
// suite in parallel) can take longer than that to render, which made correct tests fail now and then.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
