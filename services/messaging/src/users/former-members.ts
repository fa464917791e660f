import { randomUUID } from 'node:crypto';

/**
 * What an erased member's id becomes in the records kept for the other people (a conversation and its messages,
 * issue 36): `former-member-<random>`, one per erasure, so a thread still tells its two sides apart while no row
 * holds the member's id any more.
 */
export const FORMER_MEMBER_ID_PREFIX = 'former-member-';

/** How an erased member is shown to the people who keep their records. */
export const FORMER_MEMBER_NAME = 'Former member';

export function newFormerMemberId(): string {
  return `${FORMER_MEMBER_ID_PREFIX}${randomUUID()}`;
}

export function isFormerMember(userId: string | null | undefined): boolean {
  return typeof userId === 'string' && userId.startsWith(FORMER_MEMBER_ID_PREFIX);
}
