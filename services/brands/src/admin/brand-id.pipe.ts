import { Injectable, NotFoundException, type PipeTransform } from '@nestjs/common';

const MAX_SERIAL = 2_147_483_647;

/**
 * A brand id from the path. Anything that is not a positive whole number within PostgreSQL's serial range names no
 * brand, so it answers 404 like a missing one. The global ValidationPipe may already have turned the text into a
 * number (NaN for "abc"), hence both forms.
 */
@Injectable()
export class BrandIdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_SERIAL) throw new NotFoundException('Brand not found');
    return id;
  }
}
