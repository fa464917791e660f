import { createBookingsApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await createBookingsApp(config);
await app.listen(config.PORT, config.HOST);
