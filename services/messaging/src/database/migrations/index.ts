import { CreateContactSubmissions1764000000000 } from './1764000000000-create-contact-submissions.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [CreateContactSubmissions1764000000000];
