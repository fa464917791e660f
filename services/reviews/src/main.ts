import { createReviewsApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await createReviewsApp(config);
await app.listen(config.PORT, config.HOST);
