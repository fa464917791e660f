import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Comment } from '@hunted/contracts';
import {
  CurrentUser,
  IdParam,
  pageOf,
  PageQueryDto,
  Public,
  PublicRead,
  sendPage,
  SignedIn,
  type AuthenticatedUser,
} from '@hunted/platform';
import { BRAND_NOT_FOUND } from '../brands/brand-copies.js';
import { CommentInputDto } from './dto/comment-input.dto.js';
import { CommentsService } from './comments.service.js';

@Controller('api/brands/:brandId/comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @Public()
  @PublicRead()
  async list(
    @IdParam('brandId', BRAND_NOT_FOUND) brandId: number,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Comment[]> {
    return sendPage(reply, await this.comments.list(brandId, pageOf(query)));
  }

  @Post()
  @SignedIn()
  create(
    @IdParam('brandId', BRAND_NOT_FOUND) brandId: number,
    @CurrentUser() author: AuthenticatedUser,
    @Body() input: CommentInputDto,
  ): Promise<Comment> {
    return this.comments.create(brandId, author, input.content);
  }
}
