import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the code under test and the shared PostgreSQL, to play a database outage without touching
 * the database everyone else uses: stop() cuts every open connection and refuses new ones (as a stopped
 * PostgreSQL does), start() lets connections through again on the same port.
 */
export class PostgresProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly upstreamSockets = new Set<Socket>();
  private readonly upstream: URL;

  /** `databaseUrl` is the real database; `url` is the same with the proxy's address in it. */
  constructor(
    databaseUrl: string,
    public port = 0,
  ) {
    this.upstream = new URL(databaseUrl);
  }

  get url(): string {
    if (!this.port) throw new Error('start() the proxy before asking for its URL');
    const url = new URL(this.upstream);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /**
   * The local ports of the proxy's connections to PostgreSQL: `client_port` in `pg_stat_activity`, so a test can
   * `pg_terminate_backend` exactly the sessions of the code under test.
   */
  upstreamPorts(): number[] {
    return [...this.upstreamSockets].map((socket) => socket.localPort).filter((port): port is number => port !== undefined);
  }

  get running(): boolean {
    return this.server !== null;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => this.forward(client));
    // The first start binds port 0 and keeps the port the OS gave: a free port picked first and bound afterwards
    // could be taken in between by a test running beside this one. A restart takes the same port again.
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Destroys every open connection at once (the clients see a reset) and closes the port. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  private forward(client: Socket): void {
    const server = createConnection({ host: this.upstream.hostname, port: Number(this.upstream.port || 5432) });
    this.upstreamSockets.add(server);
    server.on('close', () => this.upstreamSockets.delete(server));
    for (const socket of [client, server]) {
      this.sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        // One side gone ends the other, as a real broken connection would.
        client.destroy();
        server.destroy();
      });
    }
    client.pipe(server);
    server.pipe(client);
  }
}
