import { describe, expect, it } from 'vitest';
import { publicUrlInProduction } from '../config/production-rules.js';
import { snakeCaseColumns } from './snake-case-columns.js';

describe('snakeCaseColumns', () => {
  it("maps each listed value to its column, in the list's order", () => {
    const columns: Record<'name' | 'imageUrl' | 'pricePerSession', string> = snakeCaseColumns(
      'name imageUrl  pricePerSession',
    );
    expect(columns).toEqual({ name: 'name', imageUrl: 'image_url', pricePerSession: 'price_per_session' });
    expect(Object.keys(columns)).toEqual(['name', 'imageUrl', 'pricePerSession']);
  });
});

describe('publicUrlInProduction', () => {
  it('requires PUBLIC_URL with the purpose and https', () => {
    const [required, https] = publicUrlInProduction('for the links in emails');
    expect(required!.variable).toBe('PUBLIC_URL');
    expect(required!.check(undefined)).toContain('the address users reach the site at, for the links in emails');
    expect(https!.variable).toBe('PUBLIC_URL');
    expect(https!.check('http://hunted.example')).toBeTruthy();
    expect(https!.check('https://hunted.example')).toBeNull();
  });
});
