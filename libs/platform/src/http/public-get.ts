import { applyDecorators, Get } from '@nestjs/common';
import { Public } from '../auth/access.decorators.js';
import { PublicRead } from './response-cache.js';

/**
 * A public, cacheable read: `GET path` open to everyone (`Public`) with the public read cache (`PublicRead`), as the
 * directory's and the marketplace's lists and pages are.
 */
export const PublicGet = (path?: string): MethodDecorator => applyDecorators(Get(path), Public(), PublicRead());
