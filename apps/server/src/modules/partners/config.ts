import { defaultSupportEmail, type ThrottleRule } from '../../platform/config-basics.ts';

// The partner programme's settings; config.ts reads them from the environment, the defaults are here.

/** The partner programme's figures and the address shown on its pages. */
export interface ProgrammeConfig {
  /** Shown on the partner pages. */
  supportEmail: string;
  /** Default commission of a new partner, as a fraction (0.2 = 20 %). */
  commissionRate: number;
  /** Days from a click within which a registration is credited to the partner. */
  attributionWindowDays: number;
  /** Discount a partner's coupon gives, in percent. */
  couponPercentOff: number;
  /** Throttles of the public application and click endpoints. */
  limits: {
    applicationsPerAddress: ThrottleRule;
    applicationsPerIp: ThrottleRule;
    clicksPerIp: ThrottleRule;
  };
}

export const PROGRAMME_DEFAULTS = {
  commissionRate: 0.2,
  attributionWindowDays: 30,
  couponPercentOff: 10,
} as const;

const PROGRAMME_LIMITS: ProgrammeConfig['limits'] = {
  applicationsPerAddress: { max: 3, windowMs: 60 * 60_000 },
  applicationsPerIp: { max: 10, windowMs: 60 * 60_000 },
  // A browser sends one click per code and day; this only stops scripted floods.
  clicksPerIp: { max: 60, windowMs: 60 * 60_000 },
};

/** The programme's settings when the environment sets none (the one source of its defaults). */
export function defaultProgramme(appUrl: string): ProgrammeConfig {
  return {
    supportEmail: defaultSupportEmail(appUrl),
    ...PROGRAMME_DEFAULTS,
    limits: structuredClone(PROGRAMME_LIMITS),
  };
}
