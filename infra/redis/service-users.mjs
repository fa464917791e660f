// Each app's own Redis user, so that no app can forge another's events: a service may XADD to its own stream
// (`<REDIS_PREFIX>events:<service>`, and its private streams) only, may read and acknowledge (as its consumer
// group) the streams of the services whose events it handles and the private streams it is a reader of, and may touch its own dead letters, BullMQ queues and keys. The one
// definition behind docker compose (this file writes the ACL file Redis loads), a managed Redis in Kubernetes
// (this file prints the ACL SETUSER commands to run once) and the tests that check it (infra/redis/test).
// Self-contained (node: modules only) so that compose can run it in a bare Node image.
//
//   node infra/redis/service-users.mjs acl-file <file>   write an ACL file (compose's `redis-acl` service)
//   node infra/redis/service-users.mjs commands          print one `ACL SETUSER` per app (pipe into redis-cli)
//
// Passwords come from `<APP>_REDIS_PASSWORD` (IDENTITY_REDIS_PASSWORD … GATEWAY_REDIS_PASSWORD), all required;
// only their SHA-256 is written. `REDIS_PREFIX` (default `hunted:`) must be the apps' own. For an ACL file,
// `REDIS_ADMIN_PASSWORD` gives the `default` user (operators, `npm run events`) a password; unset, it keeps none,
// as compose's Redis has always had for `npm start` on the host.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The publishers whose streams each service consumes: the first segment of every event type its handlers take
 * (`identity.user.updated` is on `events:identity`). A service that gets a new handler for another publisher
 * needs it here too; infra/redis/test checks this against the handlers in services/<name>/src.
 */
export const EVENT_READS = {
  // The people's-rights sagas (decision 0098): identity hears every service's export parts and erasures (and
  // bookings' answer to a deletion request), and every service hears identity's requests.
  identity: ['brands', 'reviews', 'hunters', 'bookings', 'messaging'],
  brands: ['identity', 'reviews', 'bookings'],
  reviews: ['identity', 'brands', 'bookings', 'hunters'],
  hunters: ['identity', 'brands', 'bookings', 'reviews'],
  bookings: ['identity', 'hunters'],
  // Moderation decisions (issue 37): the author and the reporters are emailed.
  messaging: ['identity', 'hunters', 'bookings', 'brands', 'reviews'],
};

/**
 * Streams of their own for events only some services may read (`PRIVATE_EVENT_STREAMS` in libs/contracts, kept
 * equal by infra/redis/test): the publisher adds to it and trims it like its own stream; only the readers named
 * may read it as their consumer group. A hunter's WhatsApp numbers and meeting address go to bookings and
 * messaging, never to reviews, which reads `events:hunters` (decision 0097).
 */
export const PRIVATE_STREAMS = {
  'events:hunters:joining-details': { publisher: 'hunters', readers: ['bookings', 'messaging'] },
};

/** Every app with a Redis user: the services and the gateway (rate limits only, no events). */
export const APPS = [...Object.keys(EVENT_READS), 'gateway'];

/**
 * Keys and channels (after REDIS_PREFIX) each app owns besides its stream, its dead letters
 * (`events:dead-letter:<app>`) and its BullMQ queues (`bull:<app>-*`, queues are named `<app>-<what>`). Every app
 * also owns `<app>:*`: give new keys that name and they need no change here.
 */
const OWN = {
  gateway: { keys: ['gateway:*'], channels: [] },
  // Per-member send counts; socket.io's streams adapter (its stream, session keys and channels).
  messaging: { keys: ['messages:*', 'socket.io', 'sio:*'], channels: ['socket.io#*'] },
};

/**
 * What a consumer group does on another service's stream (platform's EventConsumer): create its group, read,
 * acknowledge, take over a dead consumer's entries, inspect and drop idle consumers (a Lua script of XPENDING
 * and XGROUP DELCONSUMER: Redis checks every call inside a script too). XADD, XDEL, XTRIM and DEL are not here.
 */
const CONSUMER_COMMANDS = [
  'xreadgroup', 'xack', 'xgroup|create', 'xgroup|createconsumer', 'xgroup|delconsumer', 'xautoclaim', 'xclaim',
  'xpending', 'xinfo|groups', 'xinfo|consumers', 'xinfo|stream', 'xlen', 'eval', 'evalsha',
];

/**
 * Commands every app may run on its own keys: all but Redis' dangerous ones (KEYS, FLUSHALL, CONFIG, DEBUG,
 * CLIENT KILL …), plus INFO (ioredis' ready check and BullMQ's version check read it) and CLIENT UNBLOCK (the
 * event consumer ends its own blocked read with it at shutdown).
 */
const COMMANDS = ['-@all', '+@all', '-@dangerous', '+info', '+client|unblock'];

/** ACL patterns are globs: a prefix with glob characters in it is taken literally. */
function literal(text) {
  return text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
}

/**
 * The ACL rules of one app (without user name and password), for `ACL SETUSER <name> reset on <password> …rules`
 * or an ACL file's `user` line.
 * @param {string} app
 * @param {string} prefix REDIS_PREFIX
 * @returns {string[]}
 */
export function aclRulesOf(app, prefix) {
  if (!APPS.includes(app)) throw new Error(`no Redis user is defined for ${JSON.stringify(app)} (known: ${APPS.join(', ')})`);
  const p = literal(prefix);
  const own = OWN[app] ?? { keys: [], channels: [] };
  const streams = Object.entries(PRIVATE_STREAMS);
  const published = streams.filter(([, { publisher }]) => publisher === app).map(([stream]) => stream);
  const privateReads = streams.filter(([, { readers }]) => readers.includes(app)).map(([stream]) => stream);
  const keys = [`events:${app}`, ...published, `events:dead-letter:${app}`, `bull:${app}-*`, `${app}:*`, ...own.keys].map((key) => `~${p}${key}`);
  const channels = [`${app}:*`, ...own.channels].map((channel) => `&${p}${channel}`);
  const reads = [...(EVENT_READS[app] ?? []).map((publisher) => `events:${publisher}`), ...privateReads];
  const consumer = reads.length === 0 ? [] : [`(${[...reads.map((stream) => `~${p}${stream}`), ...CONSUMER_COMMANDS.map((command) => `+${command}`)].join(' ')})`];
  return ['resetkeys', 'resetchannels', ...COMMANDS, ...keys, ...channels, ...consumer];
}

/** The Redis user name of an app. */
export function userNameOf(app, userPrefix = 'hunted-') {
  return `${userPrefix}${app}`;
}

function sha256(password) {
  return createHash('sha256').update(password).digest('hex');
}

/** `<APP>_REDIS_PASSWORD` of every app, refusing a missing or empty one. */
export function passwordsFromEnv(env = process.env) {
  const missing = APPS.map((app) => `${app.toUpperCase()}_REDIS_PASSWORD`).filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`set ${missing.join(', ')} (each app's Redis password)`);
  return Object.fromEntries(APPS.map((app) => [app, env[`${app.toUpperCase()}_REDIS_PASSWORD`]]));
}

/**
 * An ACL file for redis-server's `aclfile`: the default user (no password unless `adminPassword`) and one user
 * per app, with only the SHA-256 of each password.
 */
export function aclFile({ prefix, passwords, adminPassword = '', userPrefix = 'hunted-' }) {
  const admin = adminPassword ? `#${sha256(adminPassword)}` : 'nopass';
  const lines = [`user default on ${admin} ~* &* +@all`];
  for (const app of APPS) lines.push(`user ${userNameOf(app, userPrefix)} on #${sha256(passwords[app])} ${aclRulesOf(app, prefix).join(' ')}`);
  return `${lines.join('\n')}\n`;
}

/** One `ACL SETUSER` per app, for a Redis that is already running (a managed one): `… | redis-cli -u <admin url>`. */
export function setUserCommands({ prefix, passwords, userPrefix = 'hunted-' }) {
  return APPS.map((app) => `ACL SETUSER ${userNameOf(app, userPrefix)} reset on #${sha256(passwords[app])} ${aclRulesOf(app, prefix).join(' ')}`);
}

function main(argv) {
  const [command, file] = argv;
  const prefix = process.env.REDIS_PREFIX ?? 'hunted:';
  const passwords = passwordsFromEnv();
  if (command === 'acl-file' && file) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, aclFile({ prefix, passwords, adminPassword: process.env.REDIS_ADMIN_PASSWORD ?? '' }), { mode: 0o644 });
    console.log(`wrote ${APPS.length} Redis users (${APPS.map((app) => userNameOf(app)).join(', ')}) to ${file}`);
  } else if (command === 'commands') {
    console.log(setUserCommands({ prefix, passwords }).join('\n'));
  } else {
    throw new Error('usage: node infra/redis/service-users.mjs acl-file <file> | commands');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`service-users: ${error.message}`);
    process.exit(1);
  }
}
