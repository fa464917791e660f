export * from './after-commit.js';
export * from './job-kind.js';
export * from './job-queue.js';
export * from './jobs.module.js';
