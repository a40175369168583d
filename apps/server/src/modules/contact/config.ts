import { defaultSupportEmail, type ThrottleRule } from '../../platform/config-basics.ts';

/** The contact form's addresses and throttles. */
export interface ContactConfig {
  /** Receives the contact form's messages. */
  operatorEmail: string;
  /** Shown on the contact page and in the acknowledgement mail. */
  supportEmail: string;
  limits: { contactPerAddress: ThrottleRule; contactPerIp: ThrottleRule };
}

/** The contact form's settings when the environment sets none: both addresses support@ the app's host. */
export function defaultContact(appUrl: string): ContactConfig {
  const supportEmail = defaultSupportEmail(appUrl);
  return {
    operatorEmail: supportEmail,
    supportEmail,
    limits: {
      contactPerAddress: { max: 3, windowMs: 60 * 60_000 },
      contactPerIp: { max: 10, windowMs: 60 * 60_000 },
    },
  };
}
