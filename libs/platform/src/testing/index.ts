export * from './test-env.js';
export * from './private-redis.js';
export * from './postgres-proxy.js';
export * from './chaos/chaos.js';
export * from './service-app.js';
export * from './jobs.js';
export * from './config-checks.js';
export * from './test-publisher.js';
