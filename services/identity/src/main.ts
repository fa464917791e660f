import { listenService } from '@hunted/platform';
import { createIdentityApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await createIdentityApp(config);
await listenService(app, config);
