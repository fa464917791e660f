import { describe, expect, it } from 'vitest';
import {
  hunterFiltersFromSearch,
  hunterFiltersToSearch,
  initialsOf,
  safeExternalUrl,
  statusTone,
  toHunterQuery,
} from './hunter-filters';

describe('hunter filters', () => {
  it('round-trips the address, leaving defaults out, and sends no "all"', () => {
    const filters = hunterFiltersFromSearch(new URLSearchParams('search=+linen&price=100%2B&location=all&sort=rating'));
    expect(hunterFiltersToSearch(filters).toString()).toBe('search=linen&price=100%2B');
    expect(toHunterQuery(filters)).toEqual({ search: 'linen', price: '100+' });
  });

  it('colours Available green, Busy yellow and anything else red', () => {
    expect(['Available', 'Busy', 'Unavailable', 'On holiday'].map(statusTone)).toEqual(['green', 'yellow', 'red', 'red']);
  });

  it('keeps only absolute http(s) links', () => {
    expect(safeExternalUrl('https://instagram.com/a')).toBe('https://instagram.com/a');
    expect(safeExternalUrl('http://instagram.com/a')).toBe('http://instagram.com/a');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'instagram.com/a', '', null]) {
      expect(safeExternalUrl(bad)).toBeNull();
    }
  });

  it('takes the first and last initials', () => {
    expect(initialsOf('maria de la Cruz')).toBe('MC');
    expect(initialsOf('Ada')).toBe('A');
  });
});
