import { createGatewayApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const { app } = await createGatewayApp(config);
await app.listen(config.PORT, config.HOST);
