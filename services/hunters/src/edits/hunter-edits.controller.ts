import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import {
  HUNTER_EDIT_MESSAGES,
  HUNTER_MESSAGES,
  hunterEditConsentInputSchema,
  hunterEditInputSchema,
  hunterEditPageQuerySchema,
  hunterEditPhotoInputSchema,
  type BrandHunterEdits,
  type HunterEdit,
  type HunterEditConsentInput,
  type HunterEditInputParsed,
  type HunterEditPhoto,
  type HunterEditPhotoInput,
  type PublishedHunterEdit,
} from '@hunted/contracts';
import {
  BodyLimit,
  CurrentUser,
  IdParam,
  Public,
  PublicGet,
  sendPage,
  SignedIn,
  ValidBody,
  ValidQuery,
  type AuthenticatedUser,
} from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { PROFILE_BODY_LIMIT } from '../store/hunter-photos.js';
import { HunterEditsService, pagingOf } from './hunter-edits.service.js';

const NOT_FOUND = HUNTER_EDIT_MESSAGES.notFound;
/** A brand id that cannot be one names no brand (the directory's own words). */
const BRAND_NOT_FOUND = 'Brand not found';

type PageQuery = { limit?: number; offset?: number };

/**
 * Hunter Edits (issue 25): sent by the hunter of a held session to its client, read by the two, published with the
 * client's consent. The public reads (a published edit, a hunter's, a brand's) carry neither booking nor client.
 */
@Controller('api')
export class HunterEditsController {
  constructor(private readonly edits: HunterEditsService) {}

  @Post('hunter-edits')
  @SignedIn()
  send(@CurrentUser() user: AuthenticatedUser, @ValidBody(hunterEditInputSchema) input: HunterEditInputParsed): Promise<HunterEdit> {
    return this.edits.send(user.id, input);
  }

  @Post('hunter-edits/photos')
  @SignedIn()
  @BodyLimit(PROFILE_BODY_LIMIT)
  uploadPhoto(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(hunterEditPhotoInputSchema) input: HunterEditPhotoInput,
  ): Promise<HunterEditPhoto> {
    return this.edits.uploadPhoto(user.id, input.photo);
  }

  @Get('hunter-edits/sent')
  @SignedIn()
  async sent(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(hunterEditPageQuerySchema) query: PageQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<HunterEdit[]> {
    const { edits, total } = await this.edits.sent(user.id, pagingOf(query));
    return sendPage(reply, { items: edits, total });
  }

  @Get('hunter-edits/received')
  @SignedIn()
  async received(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(hunterEditPageQuerySchema) query: PageQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<HunterEdit[]> {
    const { edits, total } = await this.edits.received(user.id, pagingOf(query));
    return sendPage(reply, { items: edits, total });
  }

  /** Open to guests, but not a cacheable public read: the hunter and the client get more than anyone else. */
  @Get('hunter-edits/:id')
  @Public()
  findOne(
    @IdParam('id', NOT_FOUND) id: number,
    @CurrentUser() user: AuthenticatedUser | null,
  ): Promise<HunterEdit | PublishedHunterEdit> {
    return this.edits.findOne(id, user?.id ?? null);
  }

  @Post('hunter-edits/:id/publish-request')
  @SignedIn()
  @HttpCode(200)
  requestPublication(@IdParam('id', NOT_FOUND) id: number, @CurrentUser() user: AuthenticatedUser): Promise<HunterEdit> {
    return this.edits.requestPublication(id, user.id);
  }

  @Post('hunter-edits/:id/publish-consent')
  @SignedIn()
  @HttpCode(200)
  answerPublication(
    @IdParam('id', NOT_FOUND) id: number,
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(hunterEditConsentInputSchema) input: HunterEditConsentInput,
  ): Promise<HunterEdit> {
    return this.edits.answerPublication(id, user.id, input.allow);
  }

  @Post('hunter-edits/:id/withdraw-consent')
  @SignedIn()
  @HttpCode(200)
  withdrawConsent(@IdParam('id', NOT_FOUND) id: number, @CurrentUser() user: AuthenticatedUser): Promise<HunterEdit> {
    return this.edits.withdrawConsent(id, user.id);
  }

  @PublicGet('brands/:brandId/hunter-edits')
  forBrand(
    @IdParam('brandId', BRAND_NOT_FOUND) brandId: number,
    @ValidQuery(hunterEditPageQuerySchema) query: PageQuery,
  ): Promise<BrandHunterEdits> {
    return this.edits.forBrand(brandId, pagingOf(query));
  }

  @PublicGet('hunters/:hunterId/edits')
  async publishedBy(
    @IdParam('hunterId', HUNTER_MESSAGES.notFound) hunterId: number,
    @ValidQuery(hunterEditPageQuerySchema) query: PageQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublishedHunterEdit[]> {
    const { edits, total } = await this.edits.publishedBy(hunterId, pagingOf(query));
    return sendPage(reply, { items: edits, total });
  }
}
