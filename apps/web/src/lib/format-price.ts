/** A price in minor units, written for the currency and (without a locale) the reader's locale. */
export { formatMinor as formatPrice } from '@app/contracts/money.ts';
