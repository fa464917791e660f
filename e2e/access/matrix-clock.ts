import { moveClock } from '../support/journey.js';

/**
 * The access matrix's view of the services' test clock (TEST_CLOCK=on): its fixtures move it past their held
 * sessions (real-objects.ts), and every date a row asks for (`londonDate`, the slots read for the pools) is counted
 * from the moved clock, as the services count it.
 */
let offsetMs = 0;

/** The services' now, in ms: the real clock plus the offset the matrix set. */
export const matrixNow = (): number => Date.now() + offsetMs;

/** Moves every service's clock of session rules to `ms` ahead of the real one (0 puts it back). */
export async function moveMatrixClock(ms: number): Promise<void> {
  await moveClock(ms);
  offsetMs = ms;
}
