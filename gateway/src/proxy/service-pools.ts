import { Pool } from 'undici';

export interface ServicePoolOptions {
  /** Connections per service address (UPSTREAM_MAX_SOCKETS). */
  maxConnections: number;
  /** How long an idle connection stays pooled (UPSTREAM_IDLE_TIMEOUT_MS), kept below the services' keep-alive. */
  idleTimeoutMs: number;
}

/**
 * One undici connection pool per service address, for the requests the gateway forwards (docs/dependencies.md says
 * why undici). A connection idle for `idleTimeoutMs` is closed by the pool, not the service, so a request is never
 * written onto a connection the service is closing; a shorter keep-alive hint from the service is honoured too.
 */
export class ServicePools {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly options: ServicePoolOptions) {}

  /** The pool of one address (a service's base URL, or one replica's). */
  of(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.options.maxConnections,
        pipelining: 1,
        keepAliveTimeout: this.options.idleTimeoutMs,
        keepAliveMaxTimeout: this.options.idleTimeoutMs,
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /** Ends every connection, in use or idle (shutdown: the server has stopped taking requests by then). */
  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.destroy()));
  }
}
