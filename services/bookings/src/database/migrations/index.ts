import { CreateStripeEvents1767225600000 } from './1767225600000-create-stripe-events.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [CreateStripeEvents1767225600000];
