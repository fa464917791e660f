import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Comment } from '@hunted/contracts';
import { CurrentUser, Public, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import { BrandIdPipe } from '../brands/brand-id.pipe.js';
import { pageOf, PageQueryDto, sendPage } from '../paging/page-query.dto.js';
import { CommentInputDto } from './dto/comment-input.dto.js';
import { CommentsService } from './comments.service.js';

@Controller('api/brands/:brandId/comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @Public()
  async list(
    @Param('brandId', BrandIdPipe) brandId: number,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Comment[]> {
    return sendPage(reply, await this.comments.list(brandId, pageOf(query)));
  }

  @Post()
  @SignedIn()
  create(
    @Param('brandId', BrandIdPipe) brandId: number,
    @CurrentUser() author: AuthenticatedUser,
    @Body() input: CommentInputDto,
  ): Promise<Comment> {
    return this.comments.create(brandId, author, input.content);
  }
}
