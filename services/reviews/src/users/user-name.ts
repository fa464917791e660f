/** The name shown beside a review or comment: first and last name, or whichever exists, else 'Anonymous'. */
export function displayName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return `${firstName?.trim() ?? ''} ${lastName?.trim() ?? ''}`.trim() || 'Anonymous';
}
