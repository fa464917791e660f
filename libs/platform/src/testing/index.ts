export * from './test-env.js';
export * from './private-redis.js';
