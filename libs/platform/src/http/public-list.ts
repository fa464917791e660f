import { applyDecorators, Get } from '@nestjs/common';
import { Public } from '../auth/access.decorators.js';
import { PublicRead } from './response-cache.js';

/**
 * A public, cacheable listing (`GET path`, no sign-in, the public read cache): the directory's and the
 * marketplace's lists, which answer a page with `sendPage`.
 */
export const PublicList = (path?: string): MethodDecorator => applyDecorators(Get(path), Public(), PublicRead());
