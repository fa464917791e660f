import { listenService } from '@hunted/platform';
import { createBrandsApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await createBrandsApp(config);
await listenService(app, config);
