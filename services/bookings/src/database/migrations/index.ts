import { CreateStripeEvents1765900000000 } from './1765900000000-create-stripe-events.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [CreateStripeEvents1765900000000];
