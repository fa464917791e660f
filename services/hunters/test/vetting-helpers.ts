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

/**
 * Approves the hunter's pending revision, if any, as an admin does from the queue (decision 0089: an approved
 * profile's change to its name, photo, bio, Instagram link or specialties waits for review). Answers whether one was.
 */
export async function approvePendingRevision(base: string, hunterId: number): Promise<boolean> {
  const hunter = (await (await fetch(`${base}/api/admin/hunters/${hunterId}`, { headers: await adminHeaders() })).json()) as {
    pendingRevision: { id: number } | null;
  };
  if (!hunter.pendingRevision) return false;
  const response = await fetch(`${base}/api/admin/hunters/${hunterId}/revisions/${hunter.pendingRevision.id}/approve`, {
    method: 'POST',
    headers: await adminHeaders(),
    body: '{}',
  });
  if (response.status !== 200) throw new Error(`approving hunter ${hunterId}'s revision answered ${response.status}: ${await response.text()}`);
  return true;
}
