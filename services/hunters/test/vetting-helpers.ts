import { testIdentityHeaders } from '@hunted/platform/testing';

/** The concierge admin the tests decide as (never the owner of a profile they create). */
export const TEST_ADMIN = { id: 'test-admin', email: 'admin@hunted.test', firstName: 'Ada', lastName: null, isAdmin: true };

/** Headers of a request signed as the gateway signs an admin's. */
export async function adminHeaders(admin = TEST_ADMIN): Promise<Record<string, string>> {
  return { ...(await testIdentityHeaders(admin, 'hunters')), 'content-type': 'application/json' };
}

/**
 * Approves a hunter through the admin route, as the concierge team does: a new profile is pending and no public read
 * answers it until then.
 */
export async function approveHunter(base: string, hunterId: number): Promise<void> {
  const response = await fetch(`${base}/api/admin/hunters/${hunterId}/approve`, {
    method: 'POST',
    headers: await adminHeaders(),
    body: '{}',
  });
  if (response.status !== 200) throw new Error(`approving hunter ${hunterId} answered ${response.status}: ${await response.text()}`);
}
