import { Module } from '@nestjs/common';
import { UserCopies } from '@hunted/platform';

/** The users copy (table `users`), fed by identity's events through the platform's one writer, as in reviews. */
@Module({ providers: [UserCopies], exports: [UserCopies] })
export class UserCopiesModule {}
