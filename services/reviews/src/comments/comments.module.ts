import { Module } from '@nestjs/common';
import { UserCopiesModule } from '@hunted/platform';
import { BrandCopiesModule } from '../brands/brand-copies.module.js';
import { CommentsController } from './comments.controller.js';
import { CommentsService } from './comments.service.js';

@Module({
  imports: [BrandCopiesModule, UserCopiesModule.forService()],
  controllers: [CommentsController],
  providers: [CommentsService],
  exports: [CommentsService],
})
export class CommentsModule {}
