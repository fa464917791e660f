import { listenService } from '@hunted/platform';
import { createBookingsApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await createBookingsApp(config);
await listenService(app, config);
