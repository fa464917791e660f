import { vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

/**
 * The server side of the SPA's socket in unit tests (no gateway, no messaging service): the page's handlers are
 * registered here, and a test says what the server sends with `serverSends`.
 */
export class FakeSocket {
  recovered = false;
  connected = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  readonly io = { on: vi.fn() };

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  connect(): this {
    this.connected = true;
    return this;
  }

  disconnect(): this {
    this.connected = false;
    return this;
  }

  /** What the server would emit to this tab. */
  serverSends(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

/** Every socket the SPA opened in this test file, newest last. */
export const openedSockets: FakeSocket[] = [];

export function fakeIo(): FakeSocket {
  const socket = new FakeSocket();
  socket.connected = true;
  openedSockets.push(socket);
  return socket;
}
