import { Controller, Get, Inject, Patch, Post, Res } from '@nestjs/common';
import {
  hunterInputSchema,
  hunterListQuerySchema,
  hunterUpdateSchema,
  type Hunter,
  type HunterFigures,
  type HunterInputParsed,
  type HunterListQueryParsed,
  type HunterUpdateParsed,
  type OwnHunter,
  type ReferenceRates,
} from '@hunted/contracts';
import {
  BodyLimit,
  CurrentUser,
  IdParam,
  PublicGet,
  RequiresAcceptedTerms,
  SERVICE_CONFIG,
  sendPage,
  SignedIn,
  ValidBody,
  ValidQuery,
  type AuthenticatedUser,
} from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { hunterListQueryOf } from '../store/hunter-query.js';
import { PROFILE_BODY_LIMIT } from '../store/hunter-photos.js';
import { HUNTER_NOT_FOUND } from '../store/hunter.repository.js';
import { HuntersService } from './hunters.service.js';

@Controller('api')
export class HuntersController {
  constructor(
    private readonly hunters: HuntersService,
    @Inject(SERVICE_CONFIG) private readonly config: { HUNTER_REFERENCE_RATES: ReferenceRates },
  ) {}

  @PublicGet('hunters')
  async list(
    // Unknown parameters are ignored and 'all' means no filter, as the SPA sends.
    @ValidQuery(hunterListQuerySchema) query: HunterListQueryParsed,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Hunter[]> {
    const { hunters, total } = await this.hunters.list(hunterListQueryOf(query));
    return sendPage(reply, { items: hunters, total });
  }

  /**
   * The recruitment page's figures. A static path: Fastify's router matches it before the parametric
   * `hunters/:id`, so the id pipe never sees 'figures' (declared first all the same, for the reader).
   */
  @PublicGet('hunters/figures')
  figures(): Promise<HunterFigures> {
    return this.hunters.figures();
  }

  /** The listing's reference rates (decision 0105): the cards' "≈ £68" beside a price in another currency. */
  @PublicGet('hunters/reference-rates')
  referenceRates(): ReferenceRates {
    return this.config.HUNTER_REFERENCE_RATES;
  }

  @PublicGet('hunters/:id')
  findOne(@IdParam('id', HUNTER_NOT_FOUND) id: number): Promise<Hunter> {
    return this.hunters.findById(id);
  }

  /** The caller's own profile; 404 'Hunter not found' when they have none. */
  @Get('hunter-profile')
  @SignedIn()
  mine(@CurrentUser() user: AuthenticatedUser): Promise<OwnHunter> {
    return this.hunters.findByUser(user.id);
  }

  /** A hunter profile is made or changed under the current hunters' terms (decision 0103). */
  @Post('hunters')
  @SignedIn()
  @RequiresAcceptedTerms('hunterTerms')
  @BodyLimit(PROFILE_BODY_LIMIT)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(hunterInputSchema) input: HunterInputParsed,
  ): Promise<OwnHunter> {
    return this.hunters.create(user.id, input);
  }

  @Patch('hunters/:id')
  @SignedIn()
  @RequiresAcceptedTerms('hunterTerms')
  @BodyLimit(PROFILE_BODY_LIMIT)
  update(
    @IdParam('id', HUNTER_NOT_FOUND) id: number,
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(hunterUpdateSchema) update: HunterUpdateParsed,
  ): Promise<OwnHunter> {
    return this.hunters.update(id, user.id, update);
  }
}
