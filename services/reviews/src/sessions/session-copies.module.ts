import { Module } from '@nestjs/common';
import { SessionCopies } from './session-copies.js';

@Module({ providers: [SessionCopies], exports: [SessionCopies] })
export class SessionCopiesModule {}
