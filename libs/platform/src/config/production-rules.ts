/**
 * What production refuses. Defaults exist so that `npm start` works with nothing set; in production each of them
 * would be a development value (a local database, a known secret, the development sign-in provider), so a
 * process started with NODE_ENV=production checks its variables against a list of these rules and refuses to
 * start, naming every variable that fails, rather than run half-configured.
 *
 * A rule sees the raw text of one variable as given (after `<NAME>_FILE` is read), or undefined when it is unset
 * or empty, so it can tell "left at the default" from "set to the default's value".
 */
export interface ProductionRule {
  variable: string;
  /** Why the value is not fit for production, or null when it is. */
  check: (value: string | undefined) => string | null;
}

/** Must be given explicitly: the default only makes sense on a developer's machine. */
export function requiredInProduction(variable: string, because: string): ProductionRule {
  return { variable, check: (value) => (value === undefined ? `must be set in production (${because})` : null) };
}

/** Must not be a value this repository ships for development (a default secret, the development client). */
export function notDevelopmentValue(
  variable: string,
  developmentValues: readonly string[],
  instead: string,
): ProductionRule {
  return {
    variable,
    check: (value) =>
      value !== undefined && developmentValues.includes(value.trim()) ? `is the development value; ${instead}` : null,
  };
}

/** Must be an https:// address: sign-in callbacks, cookies and client secrets must not travel in the clear. */
export function httpsInProduction(variable: string): ProductionRule {
  return {
    variable,
    check: (value) =>
      value !== undefined && /^http:/i.test(value.trim()) ? 'must be an https:// address in production' : null,
  };
}

/** A connection URL must carry a password: production databases never trust a connection by its address. */
export function passwordInProduction(variable: string): ProductionRule {
  return {
    variable,
    check: (value) => {
      if (value === undefined) return null;
      try {
        return new URL(value).password ? null : 'must include a password in production (user:password@host)';
      } catch {
        return null; // the schema reports a malformed URL
      }
    },
  };
}

/**
 * The passwords this repository gives PostgreSQL roles and Redis users when none is set: docker-compose.yml's
 * `${POSTGRES_PASSWORD:-postgres}`, `${<SERVICE>_DB_PASSWORD:-hunted_<service>}` and
 * `${<APP>_REDIS_PASSWORD:-hunted_<app>}` (npm start's `scripts/lib/database.mjs` uses the same). Anyone who has
 * read the repository knows them, so production refuses a URL that carries one. `infra/k8s/test/compose.test.ts`
 * checks that every password default of the compose file is listed here.
 */
export const DEVELOPMENT_PASSWORDS: readonly string[] = [
  'postgres',
  ...['identity', 'brands', 'reviews', 'hunters', 'bookings', 'messaging', 'gateway'].map((app) => `hunted_${app}`),
];

/** A connection URL must not carry one of the repository's development passwords (DEVELOPMENT_PASSWORDS). */
export function notDevelopmentPassword(variable: string): ProductionRule {
  return {
    variable,
    check: (value) => {
      if (value === undefined) return null;
      let password: string;
      try {
        password = decodeURIComponent(new URL(value).password);
      } catch {
        return null; // the schema reports a malformed URL
      }
      return DEVELOPMENT_PASSWORDS.includes(password)
        ? 'carries a development password from docker-compose.yml; give this user a password of its own'
        : null;
    },
  };
}

/**
 * Every service's rules: its own database and Redis, never the local defaults, each with a password that is not one
 * of the repository's development passwords (a Redis without a password lets anyone who reaches it rewrite the
 * event streams).
 */
export const serviceProductionRules: readonly ProductionRule[] = [
  requiredInProduction('DATABASE_URL', 'the default is a local development database'),
  passwordInProduction('DATABASE_URL'),
  notDevelopmentPassword('DATABASE_URL'),
  requiredInProduction('REDIS_URL', 'the default is a local Redis'),
  passwordInProduction('REDIS_URL'),
  notDevelopmentPassword('REDIS_URL'),
  {
    variable: 'TEST_CLOCK',
    check: (value) => (value?.trim() === 'on' ? 'must not be on in production (it lets tests move the clock)' : null),
  },
  {
    // Tests serve images from this machine; in production it would open the image fetcher to local addresses.
    variable: 'BRAND_IMAGE_FETCH_ALLOW_HOSTS',
    check: (value) =>
      value !== undefined ? 'must not be set in production (it lets the image fetcher reach local addresses)' : null,
  },
];

/**
 * Applies the rules to raw variables; one line per offending variable (its first failing rule), in rule order,
 * so a single start-up names everything there is to fix.
 */
export function productionOffences(
  rules: readonly ProductionRule[],
  env: Record<string, string | undefined>,
): Map<string, string> {
  const offences = new Map<string, string>();
  for (const rule of rules) {
    if (offences.has(rule.variable)) continue;
    const raw = env[rule.variable];
    const problem = rule.check(raw === undefined || raw.trim() === '' ? undefined : raw);
    if (problem) offences.set(rule.variable, problem);
  }
  return offences;
}

/** PUBLIC_URL in production: set (`the address users reach the site at, <purpose>`) and over https. */
export function publicUrlInProduction(purpose: string): ProductionRule[] {
  return [
    requiredInProduction('PUBLIC_URL', `the address users reach the site at, ${purpose}`),
    httpsInProduction('PUBLIC_URL'),
  ];
}
