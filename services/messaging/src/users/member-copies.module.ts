import { Module } from '@nestjs/common';
import { UserCopies } from '@hunted/platform';
import { MemberCopies } from './member-copies.js';

/** The users copy (table `users`, with email), fed by identity's events. */
@Module({ providers: [UserCopies, MemberCopies], exports: [MemberCopies] })
export class MemberCopiesModule {}
