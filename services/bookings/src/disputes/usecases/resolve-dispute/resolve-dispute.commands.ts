import type { ResolveDisputeInput } from '@hunted/contracts';

/** An admin decides an open dispute: refund the client in full, or dismiss it, with a note. */
export interface ResolveDisputeCommand extends ResolveDisputeInput {
  bookingId: string;
}
