import { Module } from '@nestjs/common';
import { HunterCopies } from './hunter-copies.js';

/** The hunters copy (table `hunters`), fed by hunters' events. */
@Module({ providers: [HunterCopies], exports: [HunterCopies] })
export class HunterCopiesModule {}
