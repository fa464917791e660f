import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import type { Comment } from '@hunted/contracts';
import { CurrentUser, Public, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import { BrandIdPipe } from '../brands/brand-id.pipe.js';
import { CommentInputDto } from './dto/comment-input.dto.js';
import { CommentsService } from './comments.service.js';

@Controller('api/brands/:brandId/comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @Public()
  list(@Param('brandId', BrandIdPipe) brandId: number): Promise<Comment[]> {
    return this.comments.list(brandId);
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
