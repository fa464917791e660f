import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import {
  adminHunterListQuerySchema,
  hunterDecisionSchema,
  hunterDecisionWithReasonSchema,
  hunterFeatureSchema,
  VETTING_MESSAGES,
  type AdminHunter,
  type AdminHunterListQueryParsed,
  type HunterDecisionParsed,
  type HunterFeatureRequest,
} from '@hunted/contracts';
import { AdminOnly, CurrentUser, IdParam, sendPage, ValidBody, ValidQuery, type AuthenticatedUser } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { HUNTER_NOT_FOUND } from '../store/hunter.repository.js';
import { VettingService } from './vetting.service.js';

/**
 * The concierge team's hunters (`/api/admin/hunters`): the queue, every hunter, the four decisions, the decisions on
 * pending revisions, and featuring. Admins only:
 * the gateway signs the caller's identity (with isAdmin) and the platform's guard answers 401 to a guest and 403 to
 * any other member.
 */
@Controller('api/admin/hunters')
@AdminOnly()
export class AdminHuntersController {
  constructor(private readonly vetting: VettingService) {}

  @Get()
  async list(
    @ValidQuery(adminHunterListQuerySchema) query: AdminHunterListQueryParsed,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminHunter[]> {
    const { hunters, total } = await this.vetting.list(query);
    return sendPage(reply, { items: hunters, total });
  }

  @Get(':id')
  findOne(@IdParam('id', HUNTER_NOT_FOUND) id: number): Promise<AdminHunter> {
    return this.vetting.findOne(id);
  }

  @Post(':id/approve')
  @HttpCode(200)
  approve(
    @IdParam('id', HUNTER_NOT_FOUND) id: number,
    @CurrentUser() admin: AuthenticatedUser,
    @ValidBody(hunterDecisionSchema) body: HunterDecisionParsed,
  ): Promise<AdminHunter> {
    return this.vetting.decide('approve', id, admin.id, body.reason ?? null);
  }

  @Post(':id/reject')
  @HttpCode(200)
  reject(
    @IdParam('id', HUNTER_NOT_FOUND) id: number,
    @CurrentUser() admin: AuthenticatedUser,
    @ValidBody(hunterDecisionWithReasonSchema) body: HunterDecisionParsed,
  ): Promise<AdminHunter> {
    return this.vetting.decide('reject', id, admin.id, body.reason ?? null);
  }

  @Post(':id/suspend')
  @HttpCode(200)
  suspend(
    @IdParam('id', HUNTER_NOT_FOUND) id: number,
    @CurrentUser() admin: AuthenticatedUser,
    @ValidBody(hunterDecisionWithReasonSchema) body: HunterDecisionParsed,
  ): Promise<AdminHunter> {
    return this.vetting.decide('suspend', id, admin.id, body.reason ?? null);
  }

  @Post(':id/reinstate')
  @HttpCode(200)
  reinstate(
    @IdParam('id', HUNTER_NOT_FOUND) id: number,
    @CurrentUser() admin: AuthenticatedUser,
    @ValidBody(hunterDecisionSchema) body: HunterDecisionParsed,
  ): Promise<AdminHunter> {
    return this.vetting.decide('reinstate', id, admin.id, body.reason ?? null);
  }

  /** Applies a pending revision of an approved profile (decision 0089); `{ reason }` optional, a note. */
  @Post(':id/revisions/:revisionId/approve')
  @HttpCode(200)
  approveRevision(
    @IdParam('id', HUNTER_NOT_FOUND) id: number,
    @IdParam('revisionId', VETTING_MESSAGES.revisionNotFound) revisionId: number,
    @CurrentUser() admin: AuthenticatedUser,
    @ValidBody(hunterDecisionSchema) body: HunterDecisionParsed,
  ): Promise<AdminHunter> {
    return this.vetting.decideRevision('approve', id, revisionId, admin.id, body.reason ?? null);
  }

  /** Refuses a pending revision: the approved values stay; `{ reason }` required, the hunter sees it. */
  @Post(':id/revisions/:revisionId/reject')
  @HttpCode(200)
  rejectRevision(
    @IdParam('id', HUNTER_NOT_FOUND) id: number,
    @IdParam('revisionId', VETTING_MESSAGES.revisionNotFound) revisionId: number,
    @CurrentUser() admin: AuthenticatedUser,
    @ValidBody(hunterDecisionWithReasonSchema) body: HunterDecisionParsed,
  ): Promise<AdminHunter> {
    return this.vetting.decideRevision('reject', id, revisionId, admin.id, body.reason ?? null);
  }

  /** `{featured}`: an approved hunter first in 'Our top picks', or no longer. */
  @Post(':id/feature')
  @HttpCode(200)
  feature(
    @IdParam('id', HUNTER_NOT_FOUND) id: number,
    @CurrentUser() admin: AuthenticatedUser,
    @ValidBody(hunterFeatureSchema) body: HunterFeatureRequest,
  ): Promise<AdminHunter> {
    return this.vetting.feature(id, admin.id, body.featured);
  }
}
