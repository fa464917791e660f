import { Injectable, NotFoundException, type PipeTransform } from '@nestjs/common';
import { BRAND_NOT_FOUND } from './brand-copies.js';

const MAX_SERIAL = 2_147_483_647;

/**
 * A brand id from the path; anything that cannot be one names no brand, so it answers 404 like a missing one. The
 * global ValidationPipe may already have made the text a number (NaN for "abc"), hence both forms.
 */
@Injectable()
export class BrandIdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    const id =
      typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_SERIAL) throw new NotFoundException(BRAND_NOT_FOUND);
    return id;
  }
}
