import { Module } from '@nestjs/common';
import { UserCopies } from '@hunted/platform';

@Module({ providers: [UserCopies], exports: [UserCopies] })
export class UserCopiesModule {}
