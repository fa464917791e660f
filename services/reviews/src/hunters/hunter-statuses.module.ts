import { Module } from '@nestjs/common';
import { HunterStatuses } from './hunter-statuses.js';

@Module({ providers: [HunterStatuses], exports: [HunterStatuses] })
export class HunterStatusesModule {}
