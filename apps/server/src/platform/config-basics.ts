// Small pieces of configuration that modules' own settings share with the app's.

/** Without SUPPORT_EMAIL, support@ the host of APP_URL (shown on the contact and partner pages). */
export function defaultSupportEmail(appUrl: string): string {
  return `support@${new URL(appUrl).hostname}`;
}

/** Limits of the per-account and per-address throttles (counts within a window). */
export interface ThrottleRule {
  max: number;
  windowMs: number;
}
