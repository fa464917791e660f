/**
 * The money the marketplace takes and pays: the currencies a hunter may price in, the countries a hunter can be paid
 * in, and how an amount in minor units is shown. Data, not configuration: what Stripe allows a UK platform is a
 * fact of Stripe's (decision 0105 cites the pages), and every service and the web app read the same table.
 *
 * - Presentment and minimums: https://docs.stripe.com/currencies (all seven are two-decimal currencies; "Minimum
 *   and maximum charge amounts").
 * - Payout countries: https://docs.stripe.com/connect/cross-border-payouts ("Platforms based in the US, UK, EEA,
 *   Canada, or Switzerland can transfer funds to connected accounts in any of those regions"): every one of the
 *   directory's seven countries is in the UK or the EEA.
 */
import type { HunterLocation } from '../http/hunters.js';

/** The currencies a hunter may price in (ISO 4217, upper case as shown; Stripe takes them lower case). */
export const CURRENCIES = ['GBP', 'EUR', 'SEK', 'DKK', 'NOK', 'CHF', 'PLN'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface CurrencyFacts {
  /** Digits after the decimal point: minor units per major unit are 10^exponent. */
  exponent: number;
  /** Stripe's smallest charge, in minor units (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
  stripeMinimumMinor: number;
  /** The currency's name in the profile form's select. */
  label: string;
}

export const CURRENCY_FACTS: Record<Currency, CurrencyFacts> = {
  GBP: { exponent: 2, stripeMinimumMinor: 30, label: 'Pound sterling (GBP)' },
  EUR: { exponent: 2, stripeMinimumMinor: 50, label: 'Euro (EUR)' },
  SEK: { exponent: 2, stripeMinimumMinor: 300, label: 'Swedish krona (SEK)' },
  DKK: { exponent: 2, stripeMinimumMinor: 250, label: 'Danish krone (DKK)' },
  NOK: { exponent: 2, stripeMinimumMinor: 300, label: 'Norwegian krone (NOK)' },
  CHF: { exponent: 2, stripeMinimumMinor: 50, label: 'Swiss franc (CHF)' },
  PLN: { exponent: 2, stripeMinimumMinor: 200, label: 'Polish złoty (PLN)' },
};

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Minor units of a whole number of major units (a price of 60 EUR is 6,000 cents). */
export function minorOf(whole: number, currency: Currency): number {
  return whole * 10 ** CURRENCY_FACTS[currency].exponent;
}

/** Stripe's minimum charge in whole major units, rounded up: the lowest whole price a paid session may have. */
export function minimumWholePrice(currency: Currency): number {
  return Math.ceil(CURRENCY_FACTS[currency].stripeMinimumMinor / 10 ** CURRENCY_FACTS[currency].exponent);
}

/** The ISO 3166-1 alpha-2 country of a payout (the Stripe Connect account's `country`). */
export const PAYOUT_COUNTRY_OF_LOCATION: Record<HunterLocation, string> = {
  UK: 'GB',
  France: 'FR',
  Italy: 'IT',
  Spain: 'ES',
  Sweden: 'SE',
  Greece: 'GR',
  Denmark: 'DK',
};

/**
 * The Connect countries this (UK) platform creates accounts in: the UK, the EEA and Switzerland, which Stripe's
 * cross-border payouts reach from a UK platform. A location outside it is told "Payouts are not yet available".
 */
export const PAYOUT_COUNTRIES = [
  'GB', 'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LI', 'LT',
  'LU', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'CH',
] as const;
export type PayoutCountry = (typeof PAYOUT_COUNTRIES)[number];

export function isPayoutCountry(value: string): value is PayoutCountry {
  return (PAYOUT_COUNTRIES as readonly string[]).includes(value);
}

/** The country names 'Get paid' shows. */
export const PAYOUT_COUNTRY_NAMES: Record<string, string> = {
  GB: 'the United Kingdom',
  FR: 'France',
  IT: 'Italy',
  ES: 'Spain',
  SE: 'Sweden',
  GR: 'Greece',
  DK: 'Denmark',
};

/** The payout country of a hunter's location; null when the location has none we know. */
export function payoutCountryOf(location: string): string | null {
  return (PAYOUT_COUNTRY_OF_LOCATION as Record<string, string>)[location] ?? null;
}

/** The currency a new profile in a location prices in unless it says otherwise (the country's own). */
export const DEFAULT_CURRENCY_OF_LOCATION: Record<HunterLocation, Currency> = {
  UK: 'GBP',
  France: 'EUR',
  Italy: 'EUR',
  Spain: 'EUR',
  Greece: 'EUR',
  Sweden: 'SEK',
  Denmark: 'DKK',
};

export function defaultCurrencyOf(location: string): Currency {
  return (DEFAULT_CURRENCY_OF_LOCATION as Record<string, Currency>)[location] ?? 'GBP';
}

/**
 * The currencies a connected account in a country can settle a destination charge in without refusal: its own
 * currency and EUR/GBP, which Stripe settles in every UK/EEA account (the fake Stripe refuses the rest, as the
 * brief's "a currency the account cannot settle"; decision 0105 says what is our rule and what is Stripe's).
 */
export function settlementCurrenciesOf(country: string): Currency[] {
  const own: Record<string, Currency> = { GB: 'GBP', SE: 'SEK', DK: 'DKK', NO: 'NOK', CH: 'CHF', LI: 'CHF', PL: 'PLN' };
  const local = own[country] ?? 'EUR';
  return [...new Set<Currency>([local, 'EUR', 'GBP'])];
}

/**
 * `GET /api/hunters/reference-rates` (public, cached): the listing's reference rates (hunters' HUNTER_REFERENCE_RATES),
 * pence of one whole unit of each currency as of `asOf`. Only for comparing and for a card's "≈ £68"; nobody is
 * charged at them.
 */
export interface ReferenceRates {
  asOf: string;
  pencePerUnit: Record<Currency, number>;
}

/** The currency a visitor's locale region uses ('fr-FR' → EUR, 'en-GB' → GBP), or null for one we do not price in. */
export function currencyOfLocale(locale: string): Currency | null {
  const region = /[-_]([A-Za-z]{2})\b/.exec(locale)?.[1]?.toUpperCase();
  if (!region) return null;
  const own: Record<string, Currency> = { GB: 'GBP', SE: 'SEK', DK: 'DKK', NO: 'NOK', CH: 'CHF', LI: 'CHF', PL: 'PLN' };
  const euro = ['AT', 'BE', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK', 'SI', 'ES'];
  return own[region] ?? (euro.includes(region) ? 'EUR' : null);
}

/** A whole price converted at the reference rates into another currency's minor units (rounded to a whole unit). */
export function approximateMinor(whole: number, from: Currency, to: Currency, rates: ReferenceRates): number {
  const pence = whole * rates.pencePerUnit[from];
  return Math.round(pence / rates.pencePerUnit[to]) * 10 ** CURRENCY_FACTS[to].exponent;
}

/**
 * The fixed part of the platform fee per currency, in minor units (decision 0105): about £2 in each. Bookings charges
 * these unless its PLATFORM_FEE_FIXED_MINOR sets another (a currency left out keeps its own here; a table naming
 * another currency, or a negative or fractional amount, is refused at start), and the Hunter Terms state them.
 */
export const PLATFORM_FEE_FIXED_MINOR_DEFAULTS: Readonly<Record<Currency, number>> = {
  GBP: 200,
  EUR: 200,
  CHF: 200,
  SEK: 2500,
  NOK: 2500,
  DKK: 1500,
  PLN: 1000,
};

/**
 * How an amount shows its minor units: 'always' writes them ('£50.00', as booking prices, receipts and earnings are
 * written); 'unlessWhole' leaves them out of a whole amount ('£50', as a hunter's session price is written).
 */
export type MinorUnits = 'always' | 'unlessWhole';

const moneyFormats = new Map<string, Intl.NumberFormat>();

// One formatter per shape, made once: Intl.NumberFormat is slow to build and a list of earnings formats many amounts.
function moneyFormatOf(locale: string, currency: string, grouping: boolean, fractionDigits?: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${grouping}|${fractionDigits ?? ''}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      useGrouping: grouping,
      ...(fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * The one way money is written, in the web app, the emails and the page heads: `amountMinor` in the currency's minor
 * units, written in `locale` (en-GB unless said). formatMoney(5000, 'GBP') is '£50.00'; with `minorUnits:
 * 'unlessWhole'` it is '£50'; `grouping: false` writes '£1234.50'. A negative amount is written as the locale writes
 * it ('-£5.00').
 */
export function formatMoney(
  amountMinor: number,
  currency: Currency | string,
  { locale = 'en-GB', minorUnits = 'always', grouping = true }: { locale?: string; minorUnits?: MinorUnits; grouping?: boolean } = {},
): string {
  const standard = moneyFormatOf(locale, currency, grouping);
  // The currency's own exponent (2 for every currency here) turns minor units into the amount Intl formats.
  const exponent = standard.resolvedOptions().maximumFractionDigits ?? 2;
  const amount = amountMinor / 10 ** exponent;
  // Chosen here rather than with Intl's trailingZeroDisplay, which older Safari and Firefox ignore.
  if (minorUnits === 'unlessWhole' && Number.isInteger(amount)) return moneyFormatOf(locale, currency, grouping, 0).format(amount);
  return standard.format(amount);
}

/** Minor units as a plain decimal in major units, for files (the CSV): 6000 EUR is '60.00'. */
export function formatMinorPlain(minor: number, currency: Currency): string {
  const exponent = CURRENCY_FACTS[currency].exponent;
  return (minor / 10 ** exponent).toFixed(exponent);
}

/** A whole price in major units as the locale writes it ('€60'). */
export function formatWholePrice(whole: number, currency: Currency | string, locale = 'en-GB'): string {
  const code = isCurrency(currency.toUpperCase()) ? (currency.toUpperCase() as Currency) : 'GBP';
  return formatMoney(minorOf(whole, code), code, { locale, minorUnits: 'unlessWhole' });
}

/** The currency's symbol in a locale ('€', 'SEK'…), for the price inputs. */
export function currencySymbol(currency: Currency, locale = 'en-GB'): string {
  const part = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency');
  return part?.value ?? currency;
}
