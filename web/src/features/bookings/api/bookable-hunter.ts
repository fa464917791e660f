import type { Hunter } from '@hunted/contracts';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * The query of the hunter being booked (null when there is none). The hunters feature owns it, so an edit of the
 * profile invalidates it; the route hands it to the booking pages, as features do not import each other.
 */
export type UseBookableHunter = (hunterId: number) => UseQueryResult<Hunter | null>;
