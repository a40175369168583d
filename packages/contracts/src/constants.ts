/** Product constants shared by server and web (docs/requirements/constants.md). */
const APP_VERSION = '0.1.7';
export const APP_STAGE = 'beta';
export const APP_VERSION_LABEL = `${APP_VERSION}-${APP_STAGE}`;

export const STORAGE_KEYS = {
  theme: 'theme',
  authToken: 'authToken',
  authStore: 'auth-storage',
  birthDataStore: 'birth-data-storage',
  affiliateCoupon: 'affiliate-coupon',
  affiliateCouponDate: 'affiliate-coupon-date',
  /** Random id of this browser for affiliate clicks (see contracts/affiliate.ts). */
  affiliateVisitor: 'affiliate-visitor',
  /** The code and UTC day of the last affiliate click sent, so a browser sends one a day per code. */
  affiliateClickSent: 'affiliate-click-sent',
  /** When "Later" was chosen on the install card (ISO date); the card stays hidden for a week. */
  installCardDismissedAt: 'install-card-dismissed-at',
  /** The zodiac and house system last chosen on the chart page, per person: `chart-settings:<user id>`. */
  chartSettings: 'chart-settings',
} as const;

export const TOAST_DEFAULT_DURATION_MS = 5000;
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;
export const PAGE_PRELOAD_DELAY_MS = 2000;
/** A partner's coupon lowers the customer's first payment only; later payments are full price. */
export const PARTNER_COUPON_DURATION = 'once' as const;

export const AFFILIATE_URL_PARAMS = ['td_coupon', 'ref', 'coupon'] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
