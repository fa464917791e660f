import { loadProviderConfig } from './config.js';
import { jsonLineLog, startDevProvider } from './provider.js';

const config = loadProviderConfig();
const running = await startDevProvider(config);
jsonLineLog('info', 'development OpenID Provider listening', {
  issuer: config.issuer,
  address: `${config.host}:${config.port}`,
  clientId: config.clientId,
  redirectUris: config.redirectUris,
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    jsonLineLog('info', `${signal} received, shutting down`);
    // Ends in-flight requests' keep-alive sockets; a stuck one must not keep the process alive for ever.
    setTimeout(() => process.exit(0), 5_000).unref();
    void running.close().then(() => process.exit(0));
  });
}
