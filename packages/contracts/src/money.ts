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

/** Minor units per major unit of a currency (2 for USD, 0 for JPY). */
function fractionDigits(currency: string): number {
  return currencyFormat(currency, 'en').resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount in minor units, written for its currency: in the given locale, else the runtime's
 * (the reader's, in a browser). The server passes 'en-US', the language of its texts.
 */
export function formatMinor(minor: number, currency: string, locale?: string): string {
  return currencyFormat(currency, locale).format(minor / 10 ** fractionDigits(currency));
}
