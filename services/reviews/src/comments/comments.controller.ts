import { Controller, Post } from '@nestjs/common';
import { commentInputSchema, type Comment, type CommentInput } from '@hunted/contracts';
import { CurrentUser, SignedIn, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { BrandIdParam, BrandList, BrandListPage, type ListPage } from '../brands/brand-lists.js';
import { CommentsService } from './comments.service.js';

@Controller('api/brands/:brandId/comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @BrandList()
  async list(@BrandIdParam() brandId: number, @BrandListPage() list: ListPage): Promise<Comment[]> {
    return list.send(await this.comments.list(brandId, list.page));
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
