import { CreateUsersSessionsImages1732320000000 } from './1732320000000-create-users-sessions-images.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [CreateUsersSessionsImages1732320000000];
