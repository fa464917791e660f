import { startTracing } from '@hunted/platform';
import { createGatewayApp } from './app.js';
import { loadConfig } from './config.js';

// First: the request hooks are added only when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT set).
const tracing = startTracing({ serviceName: 'gateway' });
const config = loadConfig();
const { app, runtime } = await createGatewayApp(config);
tracing.shutdownWith(app);
await app.listen(config.PORT, config.HOST);
await new Promise<void>((resolve, reject) => {
  runtime.opsServer.once('error', (error: NodeJS.ErrnoException) =>
    reject(
      error.code === 'EADDRINUSE'
        ? new Error(`OPS_PORT ${config.OPS_PORT} (the gateway's internal /health/deps listener) is already in use: set OPS_PORT to a free port`)
        : error,
    ),
  );
  runtime.opsServer.listen(config.OPS_PORT, config.HOST, resolve);
});
