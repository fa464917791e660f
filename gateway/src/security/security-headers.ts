import type http from 'node:http';
import helmet from 'helmet';
import { AFTER_PAINT_SCRIPT_HASH } from '../pages/after-paint.js';

/**
 * The SPA's needs: its own scripts, inline styles (Tailwind, Radix), and Stripe's payment form. Images come from
 * the site alone (every brand image, photo and avatar is stored and served by a service: decision 0093), `data:`
 * and `blob:` for a picked file's preview, and Stripe's hosts for the pictures its form and 3-D Secure pages show.
 * The one inline script, which starts a drawn page's scripts after its first paint, is allowed by its hash alone.
 */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: true,
  directives: {
    'default-src': ["'self'"],
    'script-src': ["'self'", AFTER_PAINT_SCRIPT_HASH, 'https://js.stripe.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
    'connect-src': ["'self'", 'https://api.stripe.com'],
    'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
    'font-src': ["'self'", 'data:', 'https:'],
    'upgrade-insecure-requests': null,
  },
};

/**
 * The headers helmet sets with these options, worked out once: they are the same on every response (no nonces), and
 * running helmet's middleware per request (fifteen small functions, each header validated as it is set) was 2 % of
 * the gateway's CPU under load. @fastify/helmet would build the middleware again, parsing the CSP, on every request.
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as http.IncomingMessage, recorder as unknown as http.ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  // helmet sets them synchronously; a version that did not would leave every response without them.
  if (headers.size === 0)
    throw new Error('helmet set no headers when called once: the security headers cannot be worked out ahead');
  return [...headers];
}

/** Every response's security headers (helmet's, with the CSP above), worked out once at start. */
export const SECURITY_HEADERS: readonly [string, string][] = helmetHeaders({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  crossOriginEmbedderPolicy: false,
});
