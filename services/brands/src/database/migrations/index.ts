import { CreateDirectory1763856000000 } from './1763856000000-create-directory.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [CreateDirectory1763856000000];
