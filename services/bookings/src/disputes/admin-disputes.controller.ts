import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  adminBookingDisputesQuerySchema,
  resolveDisputeSchema,
  type AdminBookingDispute,
  type AdminBookingDisputesQuery,
  type ResolveDisputeInput,
} from '@hunted/contracts';
import { AdminOnly, sendPage, ValidBody, ValidQuery } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { AdminDisputes } from './admin-disputes.service.js';
import { ResolveDisputeUseCase } from './usecases/resolve-dispute/resolve-dispute.use-case.js';

/**
 * Disputes of no-show marks (`/api/admin/booking-disputes`): the queue and the decision. Admins only (the platform's
 * guard answers 401 to a guest and 403 to any other member).
 */
@Controller('api/admin/booking-disputes')
@AdminOnly()
export class AdminDisputesController {
  constructor(
    private readonly disputes: AdminDisputes,
    private readonly resolveDispute: ResolveDisputeUseCase,
  ) {}

  @Get()
  async list(
    @ValidQuery(adminBookingDisputesQuerySchema) query: AdminBookingDisputesQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminBookingDispute[]> {
    return sendPage(reply, await this.disputes.list(query));
  }

  @Post(':bookingId/resolve')
  @HttpCode(200)
  resolve(
    @Param('bookingId') bookingId: string,
    @ValidBody(resolveDisputeSchema) body: ResolveDisputeInput,
  ): Promise<AdminBookingDispute> {
    return this.resolveDispute.execute({ bookingId, ...body });
  }
}
