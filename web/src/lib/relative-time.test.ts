import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const now = new Date('2026-11-23T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it('reads like a person would say it', () => {
    expect(timeAgo(ago(5), now)).toBe('less than a minute ago');
    expect(timeAgo(ago(60), now)).toBe('1 minute ago');
    expect(timeAgo(ago(10 * 60), now)).toBe('10 minutes ago');
    expect(timeAgo(ago(60 * 60), now)).toBe('about 1 hour ago');
    expect(timeAgo(ago(5 * 3600), now)).toBe('about 5 hours ago');
    expect(timeAgo(ago(24 * 3600), now)).toBe('1 day ago');
    expect(timeAgo(ago(3 * 86400), now)).toBe('3 days ago');
    expect(timeAgo(ago(60 * 86400), now)).toBe('about 2 months ago');
    expect(timeAgo(ago(800 * 86400), now)).toBe('about 2 years ago');
  });

  it('treats a clock slightly ahead as just now, and nonsense as nothing', () => {
    expect(timeAgo(new Date(now.getTime() + 4000).toISOString(), now)).toBe('less than a minute ago');
    expect(timeAgo('not a date', now)).toBe('');
  });
});
