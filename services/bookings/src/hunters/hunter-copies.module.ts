import { Module } from '@nestjs/common';
import { HunterCopies } from './hunter-copies.js';

/** The hunters and availability copies, fed by hunters' events (see app.module.ts). */
@Module({ providers: [HunterCopies], exports: [HunterCopies] })
export class HunterCopiesModule {}
