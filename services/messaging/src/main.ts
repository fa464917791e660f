import { bootstrapService } from '@hunted/platform';
import { AppModule } from './app.module.js';
import { loadConfig } from './config.js';

const config = loadConfig();
await bootstrapService(AppModule.forRoot(config), { name: 'messaging', config });
