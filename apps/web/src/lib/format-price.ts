/** Minor units per major unit of a currency (2 for USD, 0 for JPY). */
function fractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** A price in minor units, written for the currency and the reader's locale. */
export function formatPrice(minor: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    minor / 10 ** fractionDigits(currency),
  );
}

export function formatDay(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
}
