// The gateway's identity-token key pair for development. `npm start` makes it once, in `.hunted/` (ignored by
// git), and hands the private key to the gateway alone and the public key to every app. docker compose runs this
// file as a one-shot service that writes the pair into two volumes (see docker-compose.yml). Nothing here is ever
// committed, so there is no development key that a production deployment could pick up by accident.
// Self-contained (node: modules only) so that compose can run it in a bare Node image.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { chmodSync, chownSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `<repo>/.hunted`: what `npm start` keeps between runs that must not be committed. */
export const DEV_STATE_DIR = fileURLToPath(new URL('../../.hunted/', import.meta.url));
export const PRIVATE_KEY_FILE = 'internal-auth-private.pem';
export const PUBLIC_KEY_FILE = 'internal-auth-public.pem';

const PRIVATE_VARIABLES = ['INTERNAL_AUTH_PRIVATE_KEY', 'INTERNAL_AUTH_PRIVATE_KEY_FILE'];
const PUBLIC_VARIABLES = ['INTERNAL_AUTH_PUBLIC_KEY', 'INTERNAL_AUTH_PUBLIC_KEY_FILE'];

export class KeySetupError extends Error {}

/**
 * The private key at `privateFile`, made first if there is none, and the public key derived from it (also
 * written to `publicFile`). Safe when two starts race on a fresh checkout: the private key appears complete or
 * not at all (written aside, then hard-linked into place, which fails if another start got there first).
 *
 * @returns {{ privateKey: string, publicKey: string, created: boolean }}
 */
export function ensureKeyPair(privateFile, publicFile) {
  mkdirSync(path.dirname(privateFile), { recursive: true, mode: 0o700 });
  mkdirSync(path.dirname(publicFile), { recursive: true });
  let created = false;
  try {
    readFileSync(privateFile);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    const { privateKey } = generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    const aside = `${privateFile}.${randomUUID()}.tmp`;
    writeFileSync(aside, privateKey, { mode: 0o600 });
    try {
      linkSync(aside, privateFile);
      created = true;
    } catch (linkError) {
      if (linkError.code !== 'EEXIST') throw linkError;
    } finally {
      rmSync(aside, { force: true });
    }
  }
  const privateKey = readFileSync(privateFile, 'utf8');
  let publicKey;
  try {
    publicKey = createPublicKey(createPrivateKey(privateKey)).export({ type: 'spki', format: 'pem' }).toString();
  } catch (error) {
    throw new KeySetupError(
      `${privateFile} is not a private key (${error.message}); delete it to have a new pair made.`,
    );
  }
  writeFileSync(publicFile, publicKey);
  chmodSync(publicFile, 0o644);
  return { privateKey, publicKey, created };
}

/**
 * Which key variables each app gets from `npm start`. Keys given in the environment (value or `_FILE`) are used
 * as they are, the private one for the gateway only; with none given, outside production, the development pair
 * in `.hunted/` is used (and made on the first start). Production never gets a generated pair.
 *
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ services: Record<string, string>, gateway: Record<string, string>, privateVariables: string[], created: boolean }}
 */
export function internalAuthSettings(env, dir = DEV_STATE_DIR) {
  const pick = (names) => Object.fromEntries(names.filter((name) => env[name]).map((name) => [name, env[name]]));
  const given = { private: pick(PRIVATE_VARIABLES), public: pick(PUBLIC_VARIABLES) };
  const hasPrivate = Object.keys(given.private).length > 0;
  const hasPublic = Object.keys(given.public).length > 0;
  if (hasPrivate && hasPublic) {
    return { services: given.public, gateway: given.private, privateVariables: PRIVATE_VARIABLES, created: false };
  }
  if (hasPrivate || hasPublic) {
    throw new KeySetupError(
      'Set both INTERNAL_AUTH_PRIVATE_KEY and INTERNAL_AUTH_PUBLIC_KEY (or their _FILE forms), or neither to use the development pair in .hunted/.',
    );
  }
  if (env.NODE_ENV === 'production') {
    throw new KeySetupError(
      'NODE_ENV is production: set INTERNAL_AUTH_PRIVATE_KEY and INTERNAL_AUTH_PUBLIC_KEY; a development key pair is never made for production.',
    );
  }
  const pair = ensureKeyPair(path.join(dir, PRIVATE_KEY_FILE), path.join(dir, PUBLIC_KEY_FILE));
  return {
    services: { INTERNAL_AUTH_PUBLIC_KEY: pair.publicKey },
    gateway: { INTERNAL_AUTH_PRIVATE_KEY: pair.privateKey },
    privateVariables: PRIVATE_VARIABLES,
    created: pair.created,
  };
}

// `node scripts/lib/dev-keys.mjs <private file> <public file> [uid:gid]`: docker compose's key service.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [privateFile, publicFile, owner] = process.argv.slice(2);
  if (!privateFile || !publicFile) {
    console.error('usage: node dev-keys.mjs <private key file> <public key file> [uid:gid]');
    process.exit(2);
  }
  const { created } = ensureKeyPair(path.resolve(privateFile), path.resolve(publicFile));
  if (owner) {
    const [uid, gid] = owner.split(':').map(Number);
    for (const file of [privateFile, publicFile]) chownSync(file, uid, gid);
  }
  console.log(
    `${created ? 'made a new' : 'kept the'} development key pair: ${privateFile} (gateway only), ${publicFile}`,
  );
}
