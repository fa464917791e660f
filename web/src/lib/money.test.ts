import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes pence as pounds with two decimals, without grouping', () => {
    expect(formatMoney(5000, 'GBP')).toBe('£50.00');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
    expect(formatMoney(1999, 'GBP')).toBe('£19.99');
    expect(formatMoney(123456, 'GBP')).toBe('£1234.56');
  });

  it('leaves the pence out of a whole amount when asked, and only then', () => {
    expect(formatMoney(5000, 'GBP', { minorUnits: 'unlessWhole' })).toBe('£50');
    expect(formatMoney(500000, 'GBP', { minorUnits: 'unlessWhole' })).toBe('£5000');
    expect(formatMoney(5050, 'GBP', { minorUnits: 'unlessWhole' })).toBe('£50.50');
  });

  it("reads the currency's own minor unit and the locale's way of writing it", () => {
    expect(formatMoney(1500, 'JPY')).toBe('JP¥1500');
    expect(formatMoney(5000, 'EUR', { locale: 'de-DE' })).toBe('50,00\u00a0€');
    expect(formatMoney(-500, 'GBP')).toBe('-£5.00');
  });
});
