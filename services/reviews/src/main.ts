import { listenService } from '@hunted/platform';
import { createReviewsApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await createReviewsApp(config);
await listenService(app, config);
