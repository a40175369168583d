// Prices travel in minor units (cents); the server's mails and pages and the web app write them
// the same way, so both use this one formatter.

// Making an Intl.NumberFormat loads locale data and costs far more than formatting with one: a page
// of plans writes a dozen prices, so each formatter is made once per locale and currency.
const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, locale: string | undefined): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount in minor units, written for its currency: in the given locale, else the runtime's
 * (the reader's, in a browser). The server passes 'en-US', the language of its texts.
 */
export function formatMinor(minor: number, currency: string, locale?: string): string {
  const format = currencyFormat(currency, locale);
  // Minor units per major unit (2 for USD, 0 for JPY) are the currency's, whatever the locale.
  const fractionDigits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** fractionDigits);
}
