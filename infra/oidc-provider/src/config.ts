/** Settings of the development OpenID Provider, read from the environment with development defaults. */
export interface DevProviderConfig {
  port: number;
  host: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /**
   * The `email_verified` claim of an address: true unless told otherwise, so sign-in works in development.
   * Only tests set it (identity refuses an address whose provider does not say it is verified).
   */
  emailVerified?: (email: string) => boolean | undefined;
}

export function loadProviderConfig(env: NodeJS.ProcessEnv = process.env): DevProviderConfig {
  const port = Number(env.PORT ?? 3100);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`dev-oidc-provider: PORT must be a port number, got "${env.PORT}"`);
  }
  const issuer = env.OIDC_ISSUER ?? `http://localhost:${port}`;
  try {
    new URL(issuer);
  } catch {
    throw new Error(`dev-oidc-provider: OIDC_ISSUER must be a URL, got "${issuer}"`);
  }
  const redirectUris = (env.OIDC_REDIRECT_URIS ?? 'http://localhost:8080/api/callback')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  return {
    port,
    // Inside a container the provider must answer other containers, so it listens on every interface there.
    host: env.HOST ?? '0.0.0.0',
    issuer,
    clientId: env.OIDC_CLIENT_ID ?? 'hunted-dev',
    clientSecret: env.OIDC_CLIENT_SECRET ?? 'hunted-dev-secret',
    redirectUris,
  };
}
