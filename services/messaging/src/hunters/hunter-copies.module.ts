import { Module } from '@nestjs/common';
import { HunterCopies } from './hunter-copies.js';
import { JoiningDetailsCopies } from './joining/joining-details-copies.js';

/** The hunters copy (table `hunters`) and the private copy of their joining details, fed by hunters' events. */
@Module({ providers: [HunterCopies, JoiningDetailsCopies], exports: [HunterCopies, JoiningDetailsCopies] })
export class HunterCopiesModule {}
