import { describe, expect, it } from 'vitest';
import { moderationQueueQuerySchema } from './moderation.schemas.js';

describe('moderationQueueQuerySchema', () => {
  it('reads each filter as itself, `all` included; absent or blank is the queue', () => {
    expect(moderationQueueQuerySchema.parse({ state: 'all' })).toEqual({ state: 'all' });
    expect(moderationQueueQuerySchema.parse({ state: 'hidden' })).toEqual({ state: 'hidden' });
    expect(moderationQueueQuerySchema.parse({})).toEqual({});
    expect(moderationQueueQuerySchema.parse({ state: ' ' })).toEqual({});
    expect(moderationQueueQuerySchema.safeParse({ state: 'odd' }).success).toBe(false);
  });
});
