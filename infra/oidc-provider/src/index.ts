export * from './config.js';
export * from './provider.js';
export * from './sign-in-page.js';
