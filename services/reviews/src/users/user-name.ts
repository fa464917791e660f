import { FORMER_MEMBER_NAME } from '@hunted/contracts';

/** The name shown beside a review or comment: first and last name, or whichever exists, else 'Anonymous'. */
export function displayName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return `${firstName?.trim() ?? ''} ${lastName?.trim() ?? ''}`.trim() || 'Anonymous';
}

/**
 * A hunter's reviewer as the public sees them: first name and last initial ('Ada L.'), the first name alone without
 * a last name, else 'Anonymous' (a surname's initial alone names nobody).
 */
export function reviewerName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = firstName?.trim() ?? '';
  if (!first) return 'Anonymous';
  const initial = Array.from(lastName?.trim() ?? '')[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** An author as shown: FORMER_MEMBER_NAME once their account was deleted (no id left), else their display name. */
export function authorName(userId: string | null, firstName: string | null | undefined, lastName: string | null | undefined): string {
  return userId === null ? FORMER_MEMBER_NAME : displayName(firstName, lastName);
}

/** A hunter's reviewer as the public sees them, FORMER_MEMBER_NAME once their account was deleted. */
export function hunterReviewerName(
  userId: string | null,
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  return userId === null ? FORMER_MEMBER_NAME : reviewerName(firstName, lastName);
}
