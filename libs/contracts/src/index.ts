export * from './events.js';
export * from './http.js';
