import { listenService } from '@hunted/platform';
import { createHuntersApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await createHuntersApp(config);
await listenService(app, config);
