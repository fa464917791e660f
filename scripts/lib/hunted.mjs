import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEV_OIDC_PROVIDER, GATEWAY, MAIL_CATCHER, ROOT_DIR, SERVICES, serviceInstances } from './apps.mjs';
import {
  checkRedis,
  ensureDatabase,
  ensureServiceRoles,
  serviceDatabaseUrl,
  StartError,
  withDatabase,
} from './database.mjs';
import { internalAuthSettings, KeySetupError } from './dev-keys.mjs';
import { ChildApp, DEFAULT_RESTART_BACKOFF, ensurePortFree } from './processes.mjs';

const LOCALHOST = '127.0.0.1';
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/hunted';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Variables a service must get from the starter, never from the caller's shell, or every service would share them. */
const PER_APP_VARIABLES = ['PORT', 'OPS_PORT', 'HOST', 'DATABASE_URL', 'DATABASE_SCHEMA'];

/**
 * Starts the whole system on this machine: checks PostgreSQL and Redis, creates the database and each
 * service's role and schema, then starts the development OpenID Provider (unless OIDC_ISSUER_URL is set), the
 * mail catcher (unless SMTP_URL is set), the six services (bookings and messaging twice each by default:
 * BOOKINGS_REPLICAS, MESSAGING_REPLICAS, see apps.mjs) and the gateway, and waits until each is ready.
 *
 * @param {object} [options]
 * @param {NodeJS.ProcessEnv} [options.env] variables to start from (default: process.env)
 * @param {string} [options.databaseName] use this database on DATABASE_URL's server instead of its own
 * @param {string} [options.redisPrefix] REDIS_PREFIX for every app (default: env.REDIS_PREFIX or the apps' own)
 * @param {number} [options.gatewayPort] default: env.PORT or 8080
 * @param {number} [options.portOffset] added to every other app's port, so a second system can run beside the first
 * @param {boolean} [options.quiet] no prefixed output; a failure still quotes the failing app's last lines
 * @param {number} [options.readyTimeoutMs] how long each app may take to become ready
 * @param {number} [options.stopGraceMs] how long an app may take to stop after SIGTERM before it is killed
 * @param {boolean} [options.restart] once everything is ready, restart an app that dies by itself, with backoff
 *   (default true, like compose's `restart: unless-stopped`); false: stop everything instead
 * @param {{ initialMs?: number, maxMs?: number, resetAfterMs?: number }} [options.restartBackoff]
 *   default 1 s doubling to 30 s, back to 1 s after a run of 30 s
 * @returns {Promise<{ url: string, apps: ChildApp[], stop: () => Promise<void>, done: Promise<void> }>}
 *   `done` resolves once stop() has finished; with `restart: false` it rejects (after stopping the rest) when an
 *   app dies by itself. An app that dies before everything is ready fails the start either way.
 */
export async function startHunted(options = {}) {
  const env = { ...(options.env ?? process.env) };
  const offset = options.portOffset ?? 0;
  const output = options.quiet ? null : process.stdout;
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const restart = options.restart ?? true;
  const restartBackoff = { ...DEFAULT_RESTART_BACKOFF, ...options.restartBackoff };
  const gatewayPort = options.gatewayPort ?? Number(env.PORT ?? GATEWAY.port);
  if (!Number.isInteger(gatewayPort) || gatewayPort < 1 || gatewayPort > 65535) {
    throw new StartError(`PORT must be a port number, got "${env.PORT}"`);
  }

  let adminUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (options.databaseName) adminUrl = withDatabase(adminUrl, options.databaseName);
  const redisUrl = env.REDIS_URL || DEFAULT_REDIS_URL;
  const publicUrl = env.PUBLIC_URL || `http://localhost:${gatewayPort}`;
  const internalAuth = keySettings({ ...env, NODE_ENV: env.NODE_ENV || 'development' });
  const instances = replicaSettings(env, offset);
  // Only the gateway may hold the signing key: no other app gets it, even from the caller's shell.
  for (const name of internalAuth.privateVariables) delete env[name];

  await ensureDatabase(adminUrl);
  await checkRedis(redisUrl);
  await ensureServiceRoles(adminUrl, SERVICES, env);

  const oidc = oidcSettings(env, offset, publicUrl);
  const mail = mailSettings(env, offset);

  const common = { ...env, NODE_ENV: env.NODE_ENV || 'development', REDIS_URL: redisUrl, ...internalAuth.services };
  for (const name of PER_APP_VARIABLES) delete common[name];
  if (mail.smtpUrl) common.SMTP_URL = mail.smtpUrl;
  if (options.redisPrefix) common.REDIS_PREFIX = options.redisPrefix;

  const plan = [];
  if (oidc.provider) plan.push({ stage: 0, ...oidc.provider });
  if (mail.catcher) plan.push({ stage: 0, ...mail.catcher });
  for (const instance of instances) {
    const serviceEnv = {
      ...common,
      PORT: String(instance.port),
      OPS_PORT: String(instance.opsPort),
      HOST: LOCALHOST,
      DATABASE_URL: serviceDatabaseUrl(adminUrl, instance.service, env),
    };
    if (instance.service === 'identity') Object.assign(serviceEnv, oidc.identityEnv, { PUBLIC_URL: publicUrl });
    // Messaging's emails link to the site (/my-bookings, /hunter-dashboard).
    if (instance.service === 'messaging') serviceEnv.PUBLIC_URL = publicUrl;
    plan.push({ stage: 1, ...nodeApp(instance, instance.port, serviceEnv, '/health/ready'), ports: [instance.port, instance.opsPort], opsPort: instance.opsPort });
  }
  const gatewayEnv = {
    ...common,
    ...internalAuth.gateway,
    PUBLIC_URL: publicUrl,
    PORT: String(gatewayPort),
    HOST: env.HOST || LOCALHOST,
    WEB_DIST_DIR: path.join(ROOT_DIR, 'web/dist'),
  };
  // A replicated service's replicas as a comma-separated list: the gateway takes them in turn (gateway/README.md).
  for (const service of SERVICES) {
    const urls = instances.filter((instance) => instance.service === service.name).map((instance) => `http://${LOCALHOST}:${instance.port}`);
    gatewayEnv[`${service.name.toUpperCase()}_URL`] = urls.join(',');
  }
  // The gateway's internal listener for /health/deps (docs/running.md).
  const opsPort = GATEWAY.opsPort + offset;
  gatewayEnv.OPS_PORT = String(opsPort);
  plan.push({ stage: 1, ...nodeApp(GATEWAY, gatewayPort, gatewayEnv, '/health/ready'), ports: [gatewayPort, opsPort], opsPort });

  for (const app of plan) {
    if (app.missing)
      throw new StartError(`${app.name} is not built (${app.missing} is missing): run npm run build first.`);
  }
  for (const app of plan) {
    for (const port of app.ports ?? [app.port]) await ensurePortFree(port, LOCALHOST, app.name);
  }
  if (!mail.catcher && !env.SMTP_URL)
    output?.write('mail catcher: maildev is not installed; emails are not caught (set SMTP_URL)\n');
  if (internalAuth.created) output?.write('made a development key pair for identity tokens in .hunted/\n');

  const apps = [];
  let stopping = null;
  let settle;
  const done = new Promise((resolve, reject) => (settle = { resolve, reject }));
  // Keeps `done` from being reported as unhandled when the caller only uses stop().
  done.catch(() => {});

  // A crash of the starter itself must not leave the apps running on their own.
  const killAll = () => apps.forEach((app) => app.running && app.process.kill('SIGKILL'));
  process.once('exit', killAll);
  const stopAll = () => {
    stopping ??= Promise.all([...apps].reverse().map((app) => app.stop(stopGraceMs))).then(() => {
      process.off('exit', killAll);
    });
    return stopping;
  };
  const onExit = (app) => {
    // A supervised app is restarted by its ChildApp; only a death during start-up (or with restart off) ends the run.
    if (stopping || app.supervised) return;
    void stopAll().then(() =>
      settle.reject(
        new StartError(`${app.describeExit()} unexpectedly; the rest of Hunted was stopped.${app.tailText()}`),
      ),
    );
  };

  try {
    for (const stage of [0, 1]) {
      const started = plan
        .filter((app) => app.stage === stage)
        .map((app) => new ChildApp({ ...app, cwd: ROOT_DIR, output }));
      for (const app of started) {
        apps.push(app);
        void app.exited.then(() => onExit(app));
      }
      await Promise.all(started.map((app) => app.waitReady(readyTimeoutMs)));
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  if (restart) for (const app of apps) app.superviseRestarts(restartBackoff);

  return {
    url: `http://localhost:${gatewayPort}`,
    /** Where each app serves its Prometheus metrics. */
    metrics: plan.filter((app) => app.opsPort).map((app) => ({ name: app.name, url: `http://${LOCALHOST}:${app.opsPort}/metrics` })),
    apps,
    stop: async () => {
      await stopAll();
      settle.resolve();
    },
    done,
  };
}

/** The service processes to start (see serviceInstances), with a bad replica count reported as a StartError. */
function replicaSettings(env, offset) {
  try {
    return serviceInstances(env, offset);
  } catch (error) {
    throw error instanceof RangeError ? new StartError(error.message) : error;
  }
}

/** The identity-token keys as startHunted reports problems: a StartError naming what to set. */
function keySettings(env) {
  try {
    return internalAuthSettings(env);
  } catch (error) {
    throw error instanceof KeySetupError ? new StartError(error.message) : error;
  }
}

function nodeApp(app, port, env, readyPath) {
  const main = path.join(app.dir, 'dist/main.js');
  return {
    name: app.name,
    port,
    command: process.execPath,
    args: [main],
    env,
    readyUrl: `http://${LOCALHOST}:${port}${readyPath}`,
    missing: existsSync(path.join(ROOT_DIR, main)) ? null : main,
  };
}

/**
 * With OIDC_ISSUER_URL set, identity uses that provider and nothing is started; otherwise the development
 * provider runs on 3100 (+ offset) and identity is pointed at it.
 */
function oidcSettings(env, offset, publicUrl) {
  if (env.OIDC_ISSUER_URL) {
    const missing = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'].filter((name) => !env[name]);
    if (missing.length) throw new StartError(`OIDC_ISSUER_URL is set, so ${missing.join(' and ')} must be set too.`);
    return { provider: null, identityEnv: {} };
  }
  const port = DEV_OIDC_PROVIDER.port + offset;
  const issuer = `http://localhost:${port}`;
  const clientId = env.OIDC_CLIENT_ID || 'hunted-dev';
  const clientSecret = env.OIDC_CLIENT_SECRET || 'hunted-dev-secret';
  const providerEnv = {
    ...env,
    PORT: String(port),
    HOST: LOCALHOST,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: clientSecret,
    OIDC_REDIRECT_URIS: new URL('/api/callback', publicUrl).toString(),
  };
  return {
    provider: { ...nodeApp(DEV_OIDC_PROVIDER, port, providerEnv, '/.well-known/openid-configuration') },
    identityEnv: { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
  };
}

/** With SMTP_URL set, mail goes there; otherwise maildev catches it (SMTP 1025, web 8025, + offset) when installed. */
function mailSettings(env, offset) {
  if (env.SMTP_URL) return { smtpUrl: env.SMTP_URL, catcher: null };
  const bin = maildevBin();
  if (!bin) return { smtpUrl: undefined, catcher: null };
  const smtpPort = MAIL_CATCHER.smtpPort + offset;
  const webPort = MAIL_CATCHER.webPort + offset;
  return {
    smtpUrl: `smtp://${LOCALHOST}:${smtpPort}`,
    catcher: {
      name: MAIL_CATCHER.name,
      port: webPort,
      ports: [smtpPort, webPort],
      command: process.execPath,
      args: [bin, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', LOCALHOST, '--web-ip', LOCALHOST],
      env,
      readyUrl: `http://${LOCALHOST}:${webPort}/api/healthz`,
      missing: null,
    },
  };
}

function maildevBin() {
  const dir = path.join(ROOT_DIR, 'node_modules/maildev');
  try {
    const { bin } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return path.join(dir, typeof bin === 'string' ? bin : bin.maildev);
  } catch {
    return null;
  }
}
