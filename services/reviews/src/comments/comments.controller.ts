import { Controller, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { commentInputSchema, type Comment, type CommentInput } from '@hunted/contracts';
import { CurrentUser, sendPage, SignedIn, ValidBody, type AuthenticatedUser, type Page } from '@hunted/platform';
import { BrandIdParam, BrandList, BrandListPage } from '../brands/brand-lists.js';
import { CommentsService } from './comments.service.js';

@Controller('api/brands/:brandId/comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @BrandList()
  async list(
    @BrandIdParam() brandId: number,
    @BrandListPage() page: Page | null,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Comment[]> {
    return sendPage(reply, await this.comments.list(brandId, page));
  }

  @Post()
  @SignedIn()
  create(
    @BrandIdParam() brandId: number,
    @CurrentUser() author: AuthenticatedUser,
    @ValidBody(commentInputSchema) input: CommentInput,
  ): Promise<Comment> {
    return this.comments.create(brandId, author, input.content);
  }
}
