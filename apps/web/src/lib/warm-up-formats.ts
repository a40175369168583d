import { DATE_LOCALE } from './format-date.ts';

/**
 * Loads the browser's number and date formatting data in tasks of their own at start-up. The first
 * formatter of each kind costs far more than any after it (here about 16 ms for numbers and 5 ms
 * for dates, several times that on a slow phone; then a tenth of a millisecond): made ahead, that
 * cost is not added to the render that writes the first price or date when the answer arrives.
 */
export function warmUpFormatsSoon(): void {
  // The locales the app formats in: the reader's for prices (lib/format-price), DATE_LOCALE for dates.
  setTimeout(
    () => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).resolvedOptions(),
    0,
  );
  setTimeout(() => new Intl.DateTimeFormat(DATE_LOCALE).resolvedOptions(), 0);
}
