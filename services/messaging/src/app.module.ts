import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@hunted/platform';
import type { MessagingConfig } from './config.js';
import { ContactSubmissionEntity } from './contact/contact-submission.entity.js';
import { ContactModule } from './contact/contact.module.js';
import { migrations } from './database/migrations/index.js';

@Module({})
export class AppModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: 'messaging', config, entities: [ContactSubmissionEntity], migrations }),
        ContactModule,
      ],
    };
  }
}
