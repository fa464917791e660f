export * from './http-spans.js';
export * from './tracing.js';
