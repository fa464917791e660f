import { Module } from '@nestjs/common';
import { UserCopies } from '@hunted/platform';

/** The users copy (table `users`), fed by identity's events through the platform's one writer (client names), as in hunters and reviews. */
@Module({ providers: [UserCopies], exports: [UserCopies] })
export class UserCopiesModule {}
