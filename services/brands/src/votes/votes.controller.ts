import { Controller, Post, Req } from '@nestjs/common';
import type { VoteResponse } from '@hunted/contracts';
import { CurrentUser, IdParam, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import type { FastifyRequest } from 'fastify';
import { BRAND_NOT_FOUND } from '../brands/brand.repository.js';
import { VotesService } from './votes.service.js';

@Controller('api/brands')
export class VotesController {
  constructor(private readonly votes: VotesService) {}

  /** request.ip is the client the gateway names in X-Forwarded-For (services trust their only caller). */
  @Post(':id/vote')
  @SignedIn()
  vote(
    @IdParam('id', BRAND_NOT_FOUND) id: number,
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ): Promise<VoteResponse> {
    return this.votes.vote(id, user.id, request.ip);
  }
}
