import type { GatewayConfig } from '../config.js';
import type { ServiceName } from '../routes.js';

/** Where each service's address (or, for a replicated one, comma-separated addresses) is configured. */
export const SERVICE_URL_KEYS: Record<ServiceName, keyof GatewayConfig> = {
  identity: 'IDENTITY_URL',
  brands: 'BRANDS_URL',
  reviews: 'REVIEWS_URL',
  hunters: 'HUNTERS_URL',
  bookings: 'BOOKINGS_URL',
  messaging: 'MESSAGING_URL',
};

/** The service's replicas' base URLs, in the configured order (one for a service given a single address). */
export function serviceTargets(config: GatewayConfig, service: ServiceName): readonly string[] {
  const value = config[SERVICE_URL_KEYS[service]];
  return Array.isArray(value) ? value : [String(value)];
}

/**
 * How long a replica that refused a connection is passed over. Short: a replica restarting (or a container being
 * replaced) is back within seconds, and while it is marked down its share goes to the others.
 */
export const REPLICA_DOWN_MS = 5_000;

/**
 * One service's replicas, taken in turn (round-robin per request). A replica that refused a connection is marked
 * down for REPLICA_DOWN_MS and passed over meanwhile, unless every replica not yet tried for the request is down:
 * then it is tried anyway, so a replica that came back is found at once and nothing is refused without trying.
 */
export class ServiceUpstreams {
  private next = 0;
  private readonly downUntil = new Map<string, number>();

  constructor(
    readonly targets: readonly string[],
    private readonly now: () => number = Date.now,
  ) {
    if (targets.length === 0) throw new Error('a service needs at least one address');
  }

  get replicated(): boolean {
    return this.targets.length > 1;
  }

  /** The replica for the next attempt of a request that has already tried `tried`; null when none is left. */
  pick(tried: readonly string[] = []): string | null {
    const count = this.targets.length;
    const start = this.next;
    this.next = (this.next + 1) % count;
    let fallback: string | null = null;
    for (let step = 0; step < count; step++) {
      const target = this.targets[(start + step) % count]!;
      if (tried.includes(target)) continue;
      if (!this.isDown(target)) return target;
      fallback ??= target;
    }
    return fallback;
  }

  /** The replica refused a connection: pass it over for a while. */
  markDown(target: string): void {
    this.downUntil.set(target, this.now() + REPLICA_DOWN_MS);
  }

  isDown(target: string): boolean {
    const until = this.downUntil.get(target);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.downUntil.delete(target);
    return false;
  }
}
