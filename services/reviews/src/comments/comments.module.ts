import { Module } from '@nestjs/common';
import { BrandCopiesModule } from '../brands/brand-copies.module.js';
import { UserCopiesModule } from '../users/user-copies.module.js';
import { CommentsController } from './comments.controller.js';
import { CommentsService } from './comments.service.js';

@Module({ imports: [BrandCopiesModule, UserCopiesModule], controllers: [CommentsController], providers: [CommentsService] })
export class CommentsModule {}
