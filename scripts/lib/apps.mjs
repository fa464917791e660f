import { fileURLToPath } from 'node:url';

/** The repository's root directory. */
export const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** The six services, in the order they are listed everywhere; each gets schema `<name>` and role `hunted_<name>`. */
export const SERVICES = [
  { name: 'identity', dir: 'services/identity', port: 3001 },
  { name: 'brands', dir: 'services/brands', port: 3002 },
  { name: 'reviews', dir: 'services/reviews', port: 3003 },
  { name: 'hunters', dir: 'services/hunters', port: 3004 },
  { name: 'bookings', dir: 'services/bookings', port: 3005 },
  { name: 'messaging', dir: 'services/messaging', port: 3006 },
];

/**
 * Services `npm start`, the e2e system and the bench run more than once, and the variable giving how many times
 * (default DEFAULT_REPLICAS). They share their schema and Redis streams exactly as replicas in a cluster do, so
 * what only holds with one process (an in-memory lock, a job run twice, a race between two writers) shows here.
 */
export const REPLICATED_SERVICES = { bookings: 'BOOKINGS_REPLICAS', messaging: 'MESSAGING_REPLICAS' };
export const DEFAULT_REPLICAS = 2;
/**
 * Replica i (0, 1, ...) of a service listens on its port + i x REPLICA_PORT_STEP: bookings 3005, 3015, 3025...;
 * messaging 3006, 3016... Nine at most, so they stay below the development OpenID Provider's 3100.
 */
export const REPLICA_PORT_STEP = 10;
export const MAX_REPLICAS = 9;
/** A service instance's metrics listener (OPS_PORT) is its port + this: identity 9101, bookings-2 9115... */
export const OPS_PORT_OFFSET = 6100;

/**
 * How many replicas of `service` to run: `<NAME>_REPLICAS` for a replicated service (1 to MAX_REPLICAS), else 1.
 * @param {string} service
 * @param {NodeJS.ProcessEnv} env
 * @returns {number}
 */
export function replicaCount(service, env) {
  const variable = REPLICATED_SERVICES[service];
  if (!variable) return 1;
  const raw = env[variable];
  if (raw === undefined || raw === '') return DEFAULT_REPLICAS;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > MAX_REPLICAS) {
    throw new RangeError(`${variable} must be a whole number from 1 to ${MAX_REPLICAS}, got "${raw}"`);
  }
  return count;
}

/**
 * Every service process to start: one per replica, named `bookings-1`, `bookings-2`... when there are several.
 * @param {NodeJS.ProcessEnv} env
 * @param {number} [offset] added to every port (a second system beside the first)
 * @returns {{ name: string, service: string, dir: string, port: number, opsPort: number }[]}
 */
export function serviceInstances(env, offset = 0) {
  return SERVICES.flatMap((service) => {
    const count = replicaCount(service.name, env);
    return Array.from({ length: count }, (_, i) => {
      const port = service.port + i * REPLICA_PORT_STEP + offset;
      return {
        name: count > 1 ? `${service.name}-${i + 1}` : service.name,
        service: service.name,
        dir: service.dir,
        port,
        opsPort: port + OPS_PORT_OFFSET,
      };
    });
  });
}

/** `opsPort` serves only /health/deps (for alerts) and /metrics (for Prometheus), never the site. */
export const GATEWAY = { name: 'gateway', dir: 'gateway', port: 8080, opsPort: 9080 };

/** The development OpenID Provider, started only when no external provider is configured. */
export const DEV_OIDC_PROVIDER = { name: 'oidc', dir: 'infra/oidc-provider', port: 3100 };

/** The mail catcher, started only when SMTP_URL is not set. */
export const MAIL_CATCHER = { name: 'mail', smtpPort: 1025, webPort: 8025 };
