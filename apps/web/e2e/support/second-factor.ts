import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { TOTP_DIR } from '../../playwright.config.ts';

// Admins pass a TOTP second factor before the admin API answers. The secret of each admin is kept
// in the run's folder, so every worker can compute codes for an admin another worker set up.

const secretFile = (email: string) => path.join(TOTP_DIR, email);

/**
 * True for the one worker that may enrol this admin. An enrolment replaces a secret that was never
 * confirmed, so two workers enrolling at once would leave one of them with a dead secret.
 */
function claimEnrolment(email: string): boolean {
  mkdirSync(path.dirname(secretFile(email)), { recursive: true });
  try {
    writeFileSync(`${secretFile(email)}.claim`, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

export function totpCode(secret: string, at = Date.now()): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/** Sets the secret aside after an enrolment (through the page or the API). */
export function keepSecret(email: string, secret: string): void {
  mkdirSync(path.dirname(secretFile(email)), { recursive: true });
  writeFileSync(secretFile(email), secret);
}

async function storedSecret(email: string): Promise<string> {
  await expect.poll(() => existsSync(secretFile(email)), { timeout: 20_000 }).toBe(true);
  return readFileSync(secretFile(email), 'utf8');
}

/**
 * Enrols the admin if nobody has, then passes the second factor for this token's session. A code
 * is accepted once: when another session just used this step's code, the next step's is tried.
 */
export async function passSecondFactorApi(
  request: APIRequestContext,
  email: string,
  token: string,
): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const status = (await (await request.get('/api/auth/mfa', { headers })).json()).data as {
    enrolled: boolean;
  };
  let secret: string;
  if (!status.enrolled && claimEnrolment(email)) {
    const enrolled = await request.post('/api/auth/mfa/enroll', { headers });
    expect(enrolled.ok(), await enrolled.text()).toBe(true);
    secret = (await enrolled.json()).data.secret;
    keepSecret(email, secret);
  } else {
    secret = await storedSecret(email);
  }
  // A code works once per account: when other sessions just used this 30 s step's code and the
  // next one, wait for a fresh step (at most three times).
  for (let attempt = 0; attempt < 4; attempt++) {
    for (const ahead of [0, 1]) {
      const verified = await request.post('/api/auth/mfa/verify', {
        headers,
        data: { code: totpCode(secret, Date.now() + ahead * 30_000) },
      });
      if (verified.ok()) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
  }
  throw new Error(`could not pass the second factor for ${email}`);
}
