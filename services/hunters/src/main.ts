import { listenService, startTracing } from '@hunted/platform';
import { createHuntersApp } from './app.js';
import { loadConfig } from './config.js';

// First: the request hooks are added only when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT set).
const tracing = startTracing({ serviceName: 'hunters' });
const config = loadConfig();
const app = await createHuntersApp(config);
tracing.shutdownWith(app);
await listenService(app, config);
