import { ACCEPTABLE_TERMS, type AcceptableTerms } from '@hunted/contracts';
import { importPKCS8, importSPKI, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { publicKeyBlocks } from './internal-keys.js';

/** Header on which the gateway forwards the signed identity of the caller. Anything else is ignored. */
export const IDENTITY_HEADER = 'x-hunted-identity';

const ISSUER = 'hunted-gateway';
/**
 * Ed25519: the gateway alone holds the private key, services hold only the public key, so a service (or anyone
 * who takes one over) can check tokens but never make them. Verification accepts this algorithm and no other,
 * which is what stops an HS256 token keyed with the public key's bytes ("algorithm confusion").
 */
const ALGORITHM = 'EdDSA';
/** Short enough that a leaked token is useless soon; long enough to cover one request's fan-out. */
export const INTERNAL_TOKEN_TTL_SECONDS = 60;

export interface AuthenticatedUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  /**
   * The documents whose current version the member has accepted (decision 0103), as identity answered the
   * gateway's session lookup: RequiresAcceptedTerms reads it, so a guarded route costs no call to identity.
   */
  acceptedTerms: AcceptableTerms[];
}

/** The claim as a token carries it: known documents only, whatever else a token might hold. */
function acceptedTermsOf(claim: unknown): AcceptableTerms[] {
  return Array.isArray(claim) ? ACCEPTABLE_TERMS.filter((document) => claim.includes(document)) : [];
}

/**
 * The audience of tokens meant for one service. Each service accepts only its own, so a token captured at one
 * service (its logs, a compromised process) cannot be replayed at another.
 */
export function internalAudience(service: string): string {
  return `hunted:${service}`;
}

const privateKeys = new Map<string, Promise<CryptoKey>>();
const publicKeys = new Map<string, Promise<CryptoKey[]>>();

/** One import per PEM text: importing (parsing, WebCrypto) on every request would cost more than signing. */
function imported<K>(cache: Map<string, Promise<K>>, pem: string, load: (pem: string) => Promise<K>): Promise<K> {
  let key = cache.get(pem);
  if (!key) {
    key = load(pem);
    cache.set(pem, key);
    key.catch(() => cache.delete(pem));
  }
  return key;
}

/**
 * Signs the caller's identity for one service. `privateKeyPem` is the gateway's Ed25519 private key (PKCS#8 PEM),
 * `service` the name of the service the request goes to.
 */
export async function signInternalToken(
  user: AuthenticatedUser,
  privateKeyPem: string,
  service: string,
  now = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  const key = await imported(privateKeys, privateKeyPem, (pem) => importPKCS8(pem, ALGORITHM));
  return new SignJWT({
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    acceptedTerms: acceptedTermsOf(user.acceptedTerms),
  })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(internalAudience(service))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + INTERNAL_TOKEN_TTL_SECONDS)
    .sign(key);
}

/**
 * The user the token names, or null for a missing, forged, expired or malformed token, one signed with another
 * key or algorithm, or one meant for another service.
 */
export async function verifyInternalToken(
  token: string | undefined,
  publicKeyPems: string,
  service: string,
): Promise<AuthenticatedUser | null> {
  return (await verifiedToken(token, publicKeyPems, service))?.user ?? null;
}

interface VerifiedToken {
  user: AuthenticatedUser;
  /** The token's `exp`, in ms. */
  expiresAtMs: number;
}

async function verifiedToken(token: string | undefined, publicKeyPems: string, service: string): Promise<VerifiedToken | null> {
  if (!token) return null;
  // Several keys only while keys are rotated; a token is good if any of them verifies it.
  const keys = await imported(publicKeys, publicKeyPems, (pems) =>
    Promise.all(publicKeyBlocks(pems).map((pem) => importSPKI(pem, ALGORITHM))),
  );
  for (const key of keys) {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: internalAudience(service),
        algorithms: [ALGORITHM],
        requiredClaims: ['exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
      const user: AuthenticatedUser = {
        id: payload.sub,
        email: payload.email,
        firstName: typeof payload.firstName === 'string' ? payload.firstName : null,
        lastName: typeof payload.lastName === 'string' ? payload.lastName : null,
        isAdmin: payload.isAdmin === true,
        acceptedTerms: acceptedTermsOf(payload.acceptedTerms),
      };
      return { user, expiresAtMs: (payload.exp as number) * 1000 };
    } catch {
      // not signed by this key, or not valid at all: try the next key, and the caller is a guest after the last
    }
  }
  return null;
}

/** Tokens a service keeps verified at once; more (a flood of distinct valid tokens) drop the oldest. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * verifyInternalToken for one service, remembering the tokens it has verified (by their exact text) until they
 * expire. The gateway reuses a token for 30 s per member and service, so a service sees each one many times, and
 * checking an Ed25519 signature costs ~180 µs of CPU here, about half of a signed-in read (docs/benchmarks.md, "The
 * signed-in path"). Only a token that verified is kept, never past its own `exp`: the same bytes signed by the same
 * key mean the same thing until then. A key taken out of INTERNAL_AUTH_PUBLIC_KEY takes effect at the restart that
 * reads it, which also empties this.
 */
export class VerifiedTokens {
  private readonly kept = new Map<string, VerifiedToken>();

  constructor(
    private readonly publicKeyPems: string,
    private readonly service: string,
    private readonly now: () => number = Date.now,
  ) {}

  async verify(token: string | undefined): Promise<AuthenticatedUser | null> {
    if (!token) return null;
    const known = this.kept.get(token);
    if (known) {
      if (known.expiresAtMs > this.now()) return { ...known.user, acceptedTerms: [...known.user.acceptedTerms] };
      this.kept.delete(token);
    }
    const verified = await verifiedToken(token, this.publicKeyPems, this.service);
    if (!verified) return null;
    this.kept.set(token, verified);
    if (this.kept.size > VERIFIED_TOKENS_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    return { ...verified.user, acceptedTerms: [...verified.user.acceptedTerms] };
  }
}
