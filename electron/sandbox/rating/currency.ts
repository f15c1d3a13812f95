/**
 * Currencies. Tariffs are kept in US cents; an answer is in the origin country's currency
 * (what the carrier bills there) or in the one the request asks for, converted with a
 * fixed table so that answers never change with the day. Every amount is whole cents
 * until it leaves the model, then divided by 100 once.
 */
/** Units of each currency per US dollar (a fixed, documented snapshot, not live rates). */
export const EXCHANGE_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  CAD: 1.37,
  EUR: 0.92,
  GBP: 0.79,
  MXN: 18.5,
  AUD: 1.52,
  NZD: 1.66,
  CHF: 0.88,
  SEK: 10.6,
  NOK: 10.8,
  DKK: 6.86,
  PLN: 3.95,
  CZK: 23.2,
  HKD: 7.8,
  SGD: 1.34,
  CNY: 7.2,
  INR: 83.5,
};

export const CURRENCY_CODES = Object.keys(EXCHANGE_RATES);

const EURO_COUNTRIES = 'AT BE HR CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES MC SM VA AD ME XK'.split(' ');
const COUNTRY_CURRENCIES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(EURO_COUNTRIES.map((country) => [country, 'EUR'])),
  US: 'USD',
  PR: 'USD',
  CA: 'CAD',
  GB: 'GBP',
  MX: 'MXN',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HK: 'HKD',
  SG: 'SGD',
  CN: 'CNY',
  IN: 'INR',
};

/** The carrier's billing currency at an origin; US dollars where the table has no entry. */
export function defaultCurrency(originCountry: string): string {
  return COUNTRY_CURRENCIES[originCountry] ?? 'USD';
}

export function isSupportedCurrency(code: string): boolean {
  return Object.hasOwn(EXCHANGE_RATES, code);
}

/** Converts whole cents between two supported currencies, rounding to the nearest cent. */
export function convertCents(cents: number, from: string, to: string): number {
  if (from === to) return cents;
  return Math.round((cents * (EXCHANGE_RATES[to] ?? 1)) / (EXCHANGE_RATES[from] ?? 1));
}

/** The money value the service shows: cents as a number with at most two decimals. */
export function toAmount(cents: number): number {
  return cents / 100;
}
