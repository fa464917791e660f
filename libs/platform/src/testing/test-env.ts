import { ACCEPTABLE_TERMS } from '@hunted/contracts';
import { generateInternalKeyPair } from '../auth/internal-keys.js';
import { signInternalToken, type AuthenticatedUser } from '../auth/internal-token.js';
import { baseEnvSchema, type BaseEnv } from '../config/env.js';

/** The database integration tests use; never the one a normal run uses. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hunted_test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';

/** A key pair made for this test run (each test file's process makes its own), so no key is ever committed. */
const TEST_KEYS = generateInternalKeyPair();
/** The gateway's key in tests: give it to a gateway under test as INTERNAL_AUTH_PRIVATE_KEY. */
export const TEST_INTERNAL_AUTH_PRIVATE_KEY = TEST_KEYS.privateKey;
/** What services under test verify with (testConfig() sets it as INTERNAL_AUTH_PUBLIC_KEY). */
export const TEST_INTERNAL_AUTH_PUBLIC_KEY = TEST_KEYS.publicKey;

/** A test's caller: `acceptedTerms` may be left out. */
export type TestCaller = Omit<AuthenticatedUser, 'acceptedTerms'> & Partial<Pick<AuthenticatedUser, 'acceptedTerms'>>;

/**
 * An identity token as the gateway would sign it for `service`, for calling a service under test directly. A caller
 * given no `acceptedTerms` has accepted every document's current version, as a member who signed up and accepted
 * the hunters' terms has: only a test of RequiresAcceptedTerms says otherwise (decision 0103).
 */
export function testIdentityToken(user: TestCaller, service: string, now?: number): Promise<string> {
  return signInternalToken({ ...user, acceptedTerms: user.acceptedTerms ?? [...ACCEPTABLE_TERMS] }, TEST_INTERNAL_AUTH_PRIVATE_KEY, service, now);
}

/** A service configuration for a test, with a schema of its own so test files never see each other's rows. */
export function testConfig(overrides: Partial<Record<keyof BaseEnv, string>> & Record<string, string> = {}): BaseEnv {
  return baseEnvSchema.parse({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    // Nothing waits for a test's idle connections to go on close (Node's fetch keeps them 72 s, as the service's
    // keep-alive hint says); the drain itself is tested where it matters (platform shutdown-drain, live delivery).
    SHUTDOWN_DRAIN_MS: '0',
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    INTERNAL_AUTH_PUBLIC_KEY: TEST_INTERNAL_AUTH_PUBLIC_KEY,
    ...overrides,
  });
}
