import { CreateUsersSessionsImages1732320000000 } from './1732320000000-create-users-sessions-images.js';
import { UsersKeyedByIssuerSubject1764500000000 } from './1764500000000-users-keyed-by-issuer-subject.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [CreateUsersSessionsImages1732320000000, UsersKeyedByIssuerSubject1764500000000];
