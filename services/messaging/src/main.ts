import { listenService } from '@hunted/platform';
import { createMessagingApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await createMessagingApp(config);
await listenService(app, config);
