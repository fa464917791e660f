import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_FACTS,
  defaultCurrencyOf,
  formatMoney,
  isPayoutCountry,
  minimumWholePrice,
  payoutCountryOf,
  settlementCurrenciesOf,
} from './currencies.js';
import { HUNTER_LOCATIONS } from '../http/hunters.js';

describe('currencies', () => {
  it('formats minor units with the currency', () => {
    expect(formatMoney(6000, 'EUR')).toBe('€60.00');
    expect(formatMoney(6000, 'EUR', { minorUnits: 'unlessWhole' })).toBe('€60');
    expect(formatMoney(6050, 'EUR', { minorUnits: 'unlessWhole' })).toBe('€60.50');
    expect(formatMoney(1234, 'GBP')).toBe('£12.34');
    expect(formatMoney(30000, 'SEK', { minorUnits: 'unlessWhole' })).toBe('SEK\u00a0300');
    expect(formatMoney(500000, 'GBP')).toBe('£5,000.00');
    expect(formatMoney(500000, 'GBP', { grouping: false })).toBe('£5000.00');
  });

  it('knows Stripe’s minimums, rounded up to whole prices', () => {
    expect(CURRENCY_FACTS.GBP.stripeMinimumMinor).toBe(30);
    expect(minimumWholePrice('GBP')).toBe(1);
    expect(minimumWholePrice('SEK')).toBe(3);
    expect(minimumWholePrice('DKK')).toBe(3);
    expect(CURRENCIES.every((c) => CURRENCY_FACTS[c].exponent === 2)).toBe(true);
  });

  it('gives every location a payout country Stripe reaches and a default currency', () => {
    for (const location of HUNTER_LOCATIONS) expect(isPayoutCountry(payoutCountryOf(location)!)).toBe(true);
    expect(payoutCountryOf('Spain')).toBe('ES');
    expect(defaultCurrencyOf('Spain')).toBe('EUR');
    expect(defaultCurrencyOf('Denmark')).toBe('DKK');
    expect(defaultCurrencyOf('UK')).toBe('GBP');
    expect(settlementCurrenciesOf('ES')).toContain('EUR');
    expect(settlementCurrenciesOf('ES')).not.toContain('SEK');
  });
});
