// Prices travel in minor units (cents); the server's mails and pages and the web app write them
// the same way, so both use this one formatter.

/** Minor units per major unit of a currency (2 for USD, 0 for JPY). */
function fractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/**
 * An amount in minor units, written for its currency: in the given locale, else the runtime's
 * (the reader's, in a browser). The server passes 'en-US', the language of its texts.
 */
export function formatMinor(minor: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    minor / 10 ** fractionDigits(currency),
  );
}
