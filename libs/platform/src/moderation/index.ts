export * from './moderated-kind.js';
export * from './moderation-states.js';
export * from './moderation-store.js';
export * from './moderation-tables.js';
export * from './moderation.controllers.js';
export * from './moderation.module.js';
export * from './moderation.service.js';
