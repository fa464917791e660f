import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
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

/**
 * Polls a condition until it holds, instead of sleeping a fixed time. The deadline is a ceiling for something that
 * is stuck, never a speed goal: on a 2-core machine busy with a whole CI run an email pipeline can take far longer
 * than it does alone, so the default leaves room for that and names what never came.
 */
export async function waitFor(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 45_000): Promise<void> {
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
 *
 * Clients dial a port this process listens on, forwarded to the redis-server's unix socket in its own directory:
 * redis-server cannot take port 0 and say which one it got, and a free port picked first and handed to it later
 * can be taken meanwhile by any other process (a test beside this one, an outgoing connection's local port). The
 * port is bound on port 0 by hold() or the first start(), and held until Redis is stopped; before the first start
 * a connection there is reset at once. stop() closes it, so clients are refused as by a stopped Redis (outage
 * tests count the warnings of that one failure), and start() binds the same port again.
 */
export class PrivateRedis {
  private process: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'hunted-redis-'));
  private front: Server | null = null;
  private readonly connections = new Set<Socket>();
  /** The port once first bound, kept while Redis is stopped so a restart serves the same URL. */
  private boundPort: number | null = null;

  /**
   * Port 0, the default, lets the OS pick the port when it is first bound. `args` go to redis-server after this
   * class's own (a later one wins: `--appendonly no`, `--aclfile <path>`).
   */
  constructor(
    private readonly requestedPort = 0,
    private readonly options: { args?: readonly string[] } = {},
  ) {}

  /** The port clients dial; known once hold() or start() has run. */
  get port(): number {
    if (this.boundPort === null) throw new Error('hold() or start() the private Redis before asking for its port');
    return this.boundPort;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  private get socketPath(): string {
    return join(this.dir, 'redis.sock');
  }

  private get running(): boolean {
    return this.process !== null && this.process.exitCode === null;
  }

  /** Binds the port clients dial, for a test that needs the URL while Redis is still down. */
  async hold(): Promise<void> {
    if (this.front) return;
    const front = createServer((client) => this.forward(client));
    await new Promise<void>((resolve, reject) => {
      front.once('error', reject);
      front.listen(this.boundPort ?? this.requestedPort, '127.0.0.1', () => {
        front.off('error', reject);
        resolve();
      });
    });
    this.front = front;
    this.boundPort = (front.address() as AddressInfo).port;
  }

  async start(): Promise<void> {
    await this.hold();
    if (this.running) return;
    // TCP off (port 0): the held port forwards to the unix socket, which only this test's directory holds.
    const child = spawn(
      'redis-server',
      ['--port', '0', '--unixsocket', this.socketPath, '--unixsocketperm', '700', '--save', '', '--appendonly', 'yes', '--dir', this.dir, ...(this.options.args ?? [])],
      { stdio: 'ignore' },
    );
    this.process = child;
    const probe = new Redis({ path: this.socketPath, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    await waitFor(`redis-server on ${this.socketPath}`, async () => {
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
    // Redis's end closed its side of each connection; the clients' side goes with it, as with a real Redis.
    for (const socket of this.connections) socket.destroy();
    this.connections.clear();
    await this.release();
  }

  async destroy(): Promise<void> {
    await this.stop();
    await this.release();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Stops listening: a client is then refused, as by a Redis that is not running. */
  private async release(): Promise<void> {
    const front = this.front;
    this.front = null;
    if (front) await new Promise<void>((resolve) => front.close(() => resolve()));
  }

  private forward(client: Socket): void {
    client.on('error', () => undefined);
    // Held before the first start: the connection fails at once, and the port stays this instance's.
    if (!this.running) return void client.resetAndDestroy();
    const server = createConnection(this.socketPath);
    for (const socket of [client, server]) {
      this.connections.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.connections.delete(socket);
        // One side gone ends the other, as a real broken connection would.
        client.destroy();
        server.destroy();
      });
    }
    client.pipe(server);
    server.pipe(client);
  }
}
