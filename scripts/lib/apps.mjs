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

/** `opsPort` serves only /health/deps (for alerts), never the site. */
export const GATEWAY = { name: 'gateway', dir: 'gateway', port: 8080, opsPort: 9080 };

/** The development OpenID Provider, started only when no external provider is configured. */
export const DEV_OIDC_PROVIDER = { name: 'oidc', dir: 'infra/oidc-provider', port: 3100 };

/** The mail catcher, started only when SMTP_URL is not set. */
export const MAIL_CATCHER = { name: 'mail', smtpPort: 1025, webPort: 8025 };
