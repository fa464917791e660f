import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/**
 * A port on 127.0.0.1 that nothing listens on, ever, for a service (or Redis) that is down: a connection there is
 * refused at once. Unlike a free port picked now and closed, no test file running beside this one can come to
 * listen there (port 1 is privileged, and nothing here binds it).
 */
export const UNREACHABLE_PORT = 1;

/** A TCP port nothing listens on right now (the OS's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls a condition until it holds, instead of sleeping a fixed time. */
export async function waitFor(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/**
 * A redis-server of the test's own, for outage tests: stop() it to play Redis going away (SIGTERM, so its
 * append-only file is flushed and a restart keeps the data) and start() it again to bring it back.
 */
export class PrivateRedis {
  private process: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'hunted-redis-'));

  /** Port 0 picks a free one at the first start(); give one to know the URL before Redis is up. */
  constructor(public port = 0) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.process && this.process.exitCode === null) return;
    if (!this.port) this.port = await freePort();
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', this.dir], {
      stdio: 'ignore',
    });
    this.process = child;
    const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    await waitFor(`redis-server on port ${this.port}`, async () => {
      try {
        if (probe.status !== 'ready') await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        probe.disconnect();
        return false;
      }
    });
    probe.disconnect();
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
    this.process = null;
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
