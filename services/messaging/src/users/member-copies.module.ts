import { UserCopiesModule } from '@hunted/platform';
import { MemberCopies } from './member-copies.js';

/** The users copy (table `users`, with email), fed by identity's events through the platform's handlers. */
export const MemberCopiesModule = UserCopiesModule.forService({ writer: MemberCopies });
