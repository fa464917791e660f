import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { z } from 'zod';

/** An Ed25519 key pair as PEM text: what INTERNAL_AUTH_PRIVATE_KEY and INTERNAL_AUTH_PUBLIC_KEY hold. */
export interface InternalKeyPair {
  /** PKCS#8 PEM; the gateway's alone. */
  privateKey: string;
  /** SPKI PEM; every service's. */
  publicKey: string;
}

/** A fresh pair, as `npm start` makes for development and the test helpers make for each run. */
export function generateInternalKeyPair(): InternalKeyPair {
  return generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}

/** Secret stores and `.env` files often hold a PEM on one line with `\n` escapes; accept that too. */
function unescapePem(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}

const PUBLIC_PEM_BLOCK = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g;

/**
 * The PEM blocks of INTERNAL_AUTH_PUBLIC_KEY. It may hold more than one key so that keys can be rotated without
 * signed-in requests failing: services trust the new key next to the old one before the gateway switches.
 */
export function publicKeyBlocks(pems: string): string[] {
  return pems.match(PUBLIC_PEM_BLOCK) ?? [];
}

function ed25519Pem(kind: 'public' | 'private') {
  const generate = '`npm start` makes a development pair; otherwise see "Identity-token keys" in docs/running.md';
  const check = (pem: string, ctx: z.RefinementCtx) => {
    try {
      const key = kind === 'public' ? createPublicKey(pem) : createPrivateKey(pem);
      if (key.asymmetricKeyType !== 'ed25519') {
        ctx.addIssue({
          code: 'custom',
          message: `must be an Ed25519 ${kind} key, not ${key.asymmetricKeyType ?? 'a secret key'}`,
        });
      }
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be an Ed25519 ${kind} key in PEM form (${generate})` });
    }
  };
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `must be set to the ${kind} Ed25519 key (PEM) of the gateway's identity tokens (${generate})`
          : undefined,
    })
    .transform(unescapePem)
    .superRefine((pem, ctx) => {
      if (kind === 'private') return check(pem, ctx);
      // Only `BEGIN PUBLIC KEY` blocks count, so a private key given here by mistake is refused, not used.
      const blocks = publicKeyBlocks(pem);
      if (blocks.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be an Ed25519 public key in PEM form, "-----BEGIN PUBLIC KEY-----" … (${generate})`,
        });
      }
      for (const block of blocks) check(block, ctx);
    });
}

/** INTERNAL_AUTH_PUBLIC_KEY: every service verifies the gateway's tokens with it (one key, or several in rotation). */
export const internalPublicKeySchema = ed25519Pem('public');
/** INTERNAL_AUTH_PRIVATE_KEY: the gateway signs with it; no service is given it. */
export const internalPrivateKeySchema = ed25519Pem('private');

/** True when the private key's public key is (among) the given one(s), so services accept what the gateway signs. */
export function isKeyPair(privateKeyPem: string, publicKeyPems: string): boolean {
  try {
    const derived = createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'der' });
    return publicKeyBlocks(publicKeyPems).some((pem) =>
      derived.equals(createPublicKey(pem).export({ type: 'spki', format: 'der' })),
    );
  } catch {
    return false;
  }
}
