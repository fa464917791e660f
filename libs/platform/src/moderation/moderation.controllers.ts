import { Controller, createParamDecorator, Get, HttpCode, NotFoundException, Post, type ExecutionContext, type Type } from '@nestjs/common';
import {
  appealInputSchema,
  hideDecisionSchema,
  MODERATION_MESSAGES,
  moderationQueueQuerySchema,
  otherDecisionSchema,
  reportInputSchema,
  type ModerationItem,
  type ModerationNotice,
  type ReportableKind,
  type ReportInputFields,
  type ReportReceived,
} from '@hunted/contracts';
import type { z } from 'zod';
import { AdminOnly, CurrentUser, SignedIn } from '../auth/access.decorators.js';
import type { AuthenticatedUser } from '../auth/internal-token.js';
import { IdParam } from '../http/id-param.js';
import { ValidBody, ValidQuery } from '../http/schema-pipe.js';
import { ModerationService } from './moderation.service.js';

/**
 * The `:kind` of the path, one of the service's kinds, or 404: read in a decorator (as IdParam is) so a kind this
 * service does not own answers 404 before a body's 400.
 */
const KindParam = createParamDecorator((kinds: readonly ReportableKind[], context: ExecutionContext): ReportableKind => {
  const kind = context.switchToHttp().getRequest<{ params?: Record<string, unknown> }>().params?.['kind'];
  if (typeof kind !== 'string' || !(kinds as readonly string[]).includes(kind)) throw new NotFoundException(MODERATION_MESSAGES.notFound);
  return kind as ReportableKind;
});

const ItemId = (): ParameterDecorator => IdParam('id', MODERATION_MESSAGES.notFound);

/**
 * The kit's three controllers for the service's kinds (decision 0101): members' reports, the admins' queue and
 * decisions, and the author's notice and appeal. Made per service so `:kind` knows which kinds are its own.
 */
export function moderationControllers(kinds: readonly ReportableKind[]): Type[] {
  const Kind = (): ParameterDecorator => KindParam(kinds);

  @Controller('api/reports')
  class ReportsController {
    constructor(readonly moderation: ModerationService) {}

    @Post(':kind/:id')
    @SignedIn()
    report(
      @Kind() kind: ReportableKind,
      @ItemId() itemId: number,
      @CurrentUser() reporter: AuthenticatedUser,
      @ValidBody(reportInputSchema) input: ReportInputFields,
    ): Promise<ReportReceived> {
      return this.moderation.report(reporter, kind, itemId, input);
    }
  }

  @Controller('api/admin/moderation')
  @AdminOnly()
  class AdminModerationController {
    constructor(readonly moderation: ModerationService) {}

    @Get(':kind')
    list(@Kind() kind: ReportableKind, @ValidQuery(moderationQueueQuerySchema) query: z.output<typeof moderationQueueQuerySchema>): Promise<ModerationItem[]> {
      return this.moderation.list(kind, query.state ?? 'queue');
    }

    @Post(':kind/:id/hide')
    @HttpCode(200)
    hide(
      @Kind() kind: ReportableKind,
      @ItemId() itemId: number,
      @CurrentUser() admin: AuthenticatedUser,
      @ValidBody(hideDecisionSchema) body: z.output<typeof hideDecisionSchema>,
    ): Promise<ModerationItem> {
      return this.moderation.decide(admin, kind, itemId, 'hide', body.reason);
    }

    @Post(':kind/:id/restore')
    @HttpCode(200)
    restore(
      @Kind() kind: ReportableKind,
      @ItemId() itemId: number,
      @CurrentUser() admin: AuthenticatedUser,
      @ValidBody(otherDecisionSchema) body: z.output<typeof otherDecisionSchema>,
    ): Promise<ModerationItem> {
      return this.moderation.decide(admin, kind, itemId, 'restore', body.reason ?? null);
    }

    @Post(':kind/:id/dismiss')
    @HttpCode(200)
    dismiss(
      @Kind() kind: ReportableKind,
      @ItemId() itemId: number,
      @CurrentUser() admin: AuthenticatedUser,
      @ValidBody(otherDecisionSchema) body: z.output<typeof otherDecisionSchema>,
    ): Promise<ModerationItem> {
      return this.moderation.decide(admin, kind, itemId, 'dismiss', body.reason ?? null);
    }
  }

  @Controller('api/moderation')
  class ModerationNoticeController {
    constructor(readonly moderation: ModerationService) {}

    @Get(':kind/:id')
    @SignedIn()
    notice(@Kind() kind: ReportableKind, @ItemId() itemId: number, @CurrentUser() viewer: AuthenticatedUser): Promise<ModerationNotice> {
      return this.moderation.notice(viewer, kind, itemId);
    }

    @Post(':kind/:id/appeal')
    @SignedIn()
    @HttpCode(200)
    appeal(
      @Kind() kind: ReportableKind,
      @ItemId() itemId: number,
      @CurrentUser() author: AuthenticatedUser,
      @ValidBody(appealInputSchema) body: z.output<typeof appealInputSchema>,
    ): Promise<ModerationNotice> {
      return this.moderation.appeal(author, kind, itemId, body.text);
    }
  }

  return [ReportsController, AdminModerationController, ModerationNoticeController];
}
