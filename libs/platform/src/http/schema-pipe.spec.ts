import { BadRequestException } from '@nestjs/common';
import { oneLineText } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageQuerySchema } from './paging.js';
import { firstFieldMessage, SchemaPipe } from './schema-pipe.js';

function answerOf(pipe: SchemaPipe<z.ZodType>, value: unknown): unknown {
  try {
    pipe.transform(value);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse();
  }
  throw new Error('the pipe let the value through');
}

const profile = z.strictObject({
  name: oneLineText(z.string().trim().min(1, { error: 'Name is required' }), 'Name must be one line of text'),
  photos: z.array(z.url({ error: 'Each photo must be a link' })).max(2).optional(),
  address: z.object({ city: z.string({ error: 'City must be text' }) }).optional(),
});

describe('SchemaPipe', () => {
  it('hands the handler the parsed value', () => {
    expect(new SchemaPipe(profile).transform({ name: '  Ada ' })).toEqual({ name: 'Ada' });
  });

  it('names every bad field, nested ones by path, and joins their messages for a toast', () => {
    expect(answerOf(new SchemaPipe(profile), { name: 'A\rB', photos: ['x'], address: { city: 3 } })).toEqual({
      statusCode: 400,
      message: 'Name must be one line of text. Each photo must be a link. City must be text',
      errors: { name: 'Name must be one line of text', 'photos.0': 'Each photo must be a link', 'address.city': 'City must be text' },
    });
  });

  it('refuses an unknown field under its own name, and reads a missing body as an empty one', () => {
    expect(answerOf(new SchemaPipe(profile), { name: 'Ada', role: 'admin' })).toMatchObject({
      errors: { role: 'property role should not exist' },
    });
    expect(answerOf(new SchemaPipe(profile, { message: 'Please check your profile' }), undefined)).toEqual({
      statusCode: 400,
      message: 'Please check your profile',
      errors: { name: expect.any(String) },
    });
  });

  it('can answer with the first problem alone', () => {
    expect(answerOf(new SchemaPipe(profile, { message: firstFieldMessage }), { name: '', photos: ['x'] })).toEqual({
      statusCode: 400,
      message: 'Name is required',
      errors: { name: 'Name is required', 'photos.0': 'Each photo must be a link' },
    });
  });

  it('reads paging from a query string, naming the parameter and its bound', () => {
    const pipe = new SchemaPipe(pageQuerySchema);
    expect(pipe.transform({ limit: '100', offset: '10000' })).toEqual({ limit: 100, offset: 10_000 });
    expect(pipe.transform({})).toEqual({});
    expect(answerOf(pipe, { limit: '0', offset: '10001' })).toMatchObject({
      errors: { limit: 'limit must be at least 1', offset: 'offset must be at most 10000' },
    });
    expect(answerOf(pipe, { limit: 'ten', offset: '1.5' })).toMatchObject({
      errors: { limit: 'limit must be a whole number', offset: 'offset must be a whole number' },
    });
  });
});
