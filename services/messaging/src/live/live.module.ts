import { Module } from '@nestjs/common';
import { LiveDelivery } from './live-delivery.js';

/** Live delivery over socket.io: one server per replica, joined to the others through Redis streams. */
@Module({ providers: [LiveDelivery], exports: [LiveDelivery] })
export class LiveModule {}
