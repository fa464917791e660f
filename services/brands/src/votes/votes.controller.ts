import { Controller, Param, Post, Req } from '@nestjs/common';
import type { VoteResponse } from '@hunted/contracts';
import { CurrentUser, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import type { FastifyRequest } from 'fastify';
import { requireBrandId } from '../brands/brands.controller.js';
import { VotesService } from './votes.service.js';

@Controller('api/brands')
export class VotesController {
  constructor(private readonly votes: VotesService) {}

  /** request.ip is the client the gateway names in X-Forwarded-For (services trust their only caller). */
  @Post(':id/vote')
  @SignedIn()
  vote(@Param('id') id: string, @CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<VoteResponse> {
    return this.votes.vote(requireBrandId(id), user.id, request.ip);
  }
}
