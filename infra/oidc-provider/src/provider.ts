import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { DevProviderConfig } from './config.js';
import { renderSignInPage } from './sign-in-page.js';

export type ProviderLog = (level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;

export const jsonLineLog: ProviderLog = (level, msg, fields) => {
  process.stdout.write(
    `${JSON.stringify({ level, time: new Date().toISOString(), service: 'dev-oidc-provider', msg, ...fields })}\n`,
  );
};

interface DevAccount {
  email: string;
  firstName: string | null;
}

const SCOPE = 'openid email profile';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The same email always gives the same account id, across sign-ins and provider restarts. */
export function accountIdFor(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/**
 * The dev provider asks for the form on every authorization request, even when its own session remembers
 * someone, so a developer can switch accounts just by signing out of the app and in again.
 */
function alwaysAskPolicy() {
  const policy = interactionPolicy.base();
  const login = policy.get('login')!;
  login.checks.add(
    new interactionPolicy.Check('dev_always_ask', 'the development provider asks who you are every time', (ctx) =>
      ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
    ),
  );
  return policy;
}

export function createDevProvider(config: DevProviderConfig, log: ProviderLog = jsonLineLog): Provider {
  const accounts = new Map<string, DevAccount>();
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const configuration: Configuration = {
    clients: [
      {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        client_name: 'Hunted',
        redirect_uris: config.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    scopes: SCOPE.split(' '),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          const verified = config.emailVerified ? config.emailVerified(account.email) : true;
          return {
            sub: id,
            email: account.email,
            ...(verified === undefined ? {} : { email_verified: verified }),
            ...(account.firstName ? { given_name: account.firstName, name: account.firstName } : {}),
          };
        },
      };
    },
    // The only client is first-party: grant what it asks for instead of showing a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (!oidc.session?.accountId) return undefined;
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(SCOPE);
      await grant.save();
      return grant;
    },
    interactions: {
      policy: alwaysAskPolicy(),
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    // Identity sends PKCE (S256); requiring it here proves that it does, in every test that signs in.
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    jwks: { keys: [{ ...signingKey, kid: 'dev-signing-key', alg: 'RS256', use: 'sig' } as never] },
    ttl: {
      Session: 60 * 60 * 24,
      Interaction: 60 * 60,
      AuthorizationCode: 60,
      AccessToken: 60 * 60,
      IdToken: 60 * 60,
      Grant: 60 * 60 * 24,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      const detail = Object.entries(out)
        .map(([key, value]) => `<p><strong>${key}</strong>: ${String(value).replace(/[<>&"]/g, '')}</p>`)
        .join('');
      ctx.body = `<!doctype html><meta charset="utf-8"><title>Sign-in error</title><body style="font-family:system-ui;max-width:560px;margin:10vh auto">${detail}</body>`;
    },
  };

  const provider = new Provider(config.issuer, configuration);
  // Behind a TLS-terminating proxy (docker, k8s) the issuer's scheme comes from X-Forwarded-Proto.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) => log('error', 'server error', { err: String(error) }));
  provider.on('grant.success', (ctx) => log('info', 'code exchanged', { clientId: ctx.oidc.client?.clientId }));
  provider.on('authorization.error', (_ctx, error) => log('warn', 'authorization error', { err: String(error) }));
  provider.on('grant.error', (_ctx, error) => log('warn', 'token error', { err: String(error) }));

  (provider as Provider & { devAccounts: Map<string, DevAccount> }).devAccounts = accounts;
  return provider;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
  });
  res.end(html);
}

/**
 * The site's terms page, beside the client's redirect URI (`http://localhost:8080/api/callback` gives
 * `http://localhost:8080/terms`): the sign-in page says that continuing accepts them, as identity records at
 * sign-up (decision 0103). Null when the redirect URI is not a URL (oidc-provider has checked it by then).
 */
export function termsUrlOf(redirectUri: unknown): string | null {
  if (typeof redirectUri !== 'string') return null;
  try {
    return new URL('/terms', redirectUri).toString();
  } catch {
    return null;
  }
}

/** Serves the sign-in interaction; every other path is the OpenID Provider itself. */
export function createDevProviderHandler(provider: Provider, log: ProviderLog = jsonLineLog) {
  const accounts = (provider as Provider & { devAccounts: Map<string, DevAccount> }).devAccounts;
  const callback = provider.callback();

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://provider.invalid').pathname;
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(path);
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const action = `/interaction/${details.uid}/login`;
      const clientName = 'Hunted';
      const termsUrl = termsUrlOf(details.params.redirect_uri);

      if (req.method === 'GET' && !match[2]) {
        if (details.prompt.name === 'login') return sendHtml(res, 200, renderSignInPage({ action, clientName, termsUrl }));
        // Consent is granted by loadExistingGrant; reaching it means the grant was lost, so grant it again.
        return provider.interactionFinished(req, res, { consent: {} }, { mergeWithLastSubmission: true });
      }
      if (req.method === 'POST' && match[2]) {
        const form = await readForm(req);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        const firstName = (form.get('firstName') ?? '').trim().slice(0, 100);
        if (!EMAIL_PATTERN.test(email)) {
          return sendHtml(
            res,
            400,
            renderSignInPage({ action, clientName, termsUrl, email, firstName, error: 'Enter a valid email address.' }),
          );
        }
        const accountId = accountIdFor(email);
        if (details.session?.accountId && details.session.accountId !== accountId) {
          // Someone else is signed in at the provider. oidc-provider would answer with a "log out first" form;
          // in development switching accounts should just work, so the old provider session is ended here.
          await (await provider.Session.findByUid(details.session.uid))?.destroy();
          delete (details.session as { uid?: string }).uid;
          await details.save(details.exp - Math.floor(Date.now() / 1000));
        }
        accounts.set(accountId, { email, firstName: firstName || accounts.get(accountId)?.firstName || null });
        log('info', 'signed in', { accountId });
        return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      }
      res.writeHead(405, { allow: match[2] ? 'POST' : 'GET' }).end();
    } catch (error) {
      log('warn', 'interaction failed', { err: String(error) });
      sendHtml(
        res,
        400,
        '<!doctype html><meta charset="utf-8"><title>Sign-in expired</title><p>This sign-in request has expired. Go back to the app and sign in again.</p>',
      );
    }
  };
}

export interface RunningDevProvider {
  server: Server;
  provider: Provider;
  url: string;
  close(): Promise<void>;
}

/** Starts the provider on config.host:config.port (0 picks a free port). */
export async function startDevProvider(
  config: DevProviderConfig,
  log: ProviderLog = jsonLineLog,
): Promise<RunningDevProvider> {
  const provider = createDevProvider(config, log);
  const handler = createDevProviderHandler(provider, log);
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      log('error', 'request failed', { err: String(error) });
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    provider,
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
