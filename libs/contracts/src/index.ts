export * from './events.js';
export * from './http.js';
export * from './directory.js';
