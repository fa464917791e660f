export * from './export-files.js';
export * from './rights-contributors.js';
export * from './data-export-parts.js';
export * from './rights-handlers.js';
export * from './data-export-part.controller.js';
export * from './rights.module.js';
export * from './member-copies.js';
