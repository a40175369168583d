import { randomUUID } from 'node:crypto';
import type {
  AdminApplicationsResult,
  AdminPartnerStatsResult,
  ApproveApplicationResult,
  Partner,
} from '@app/contracts/partners.ts';
import { PARTNER_PATHS } from '@app/contracts/partners.ts';
import { type APIRequestContext, expect } from '@playwright/test';
import { PARTNERS_ADMIN_EMAIL } from '../../playwright.config.ts';
import { PASSWORD, uniqueEmail } from './accounts.ts';
import { linkIn, waitForMail } from './mail.ts';
import { passSecondFactorApi } from './second-factor.ts';

/** A token of the admin the e2e server knows (ADMIN_EMAILS): registered on first use, else logged in. */
// One verified admin session per worker: each sign-in would need a fresh authenticator code.
let verifiedToken: string | undefined;

export async function adminToken(request: APIRequestContext): Promise<string> {
  if (verifiedToken) {
    const status = await request.get('/api/auth/mfa', {
      headers: { Authorization: `Bearer ${verifiedToken}` },
    });
    if (status.ok() && (await status.json()).data.verified) return verifiedToken;
  }
  const body = { email: PARTNERS_ADMIN_EMAIL, name: 'Partner Admin', password: PASSWORD };
  const registered = await request.post('/api/auth/register', { data: body });
  let token: string;
  if (registered.ok()) {
    token = ((await registered.json()) as { token: string }).token;
    // The listed address is an admin once its mailed link is opened.
    const link = linkIn(await waitForMail(PARTNERS_ADMIN_EMAIL, /confirm your email/i), 'verify-email');
    const secret = link.slice(link.lastIndexOf('/') + 1);
    const verified = await request.get(`/api/auth/verify-email/${secret}`);
    expect(verified.ok(), await verified.text()).toBe(true);
  } else {
    expect(registered.status(), await registered.text()).toBe(409);
    const login = await request.post('/api/auth/login', { data: { email: body.email, password: PASSWORD } });
    expect(login.ok(), await login.text()).toBe(true);
    token = ((await login.json()) as { token: string }).token;
  }
  await passSecondFactorApi(request, PARTNERS_ADMIN_EMAIL, token);
  verifiedToken = token;
  return token;
}

/** A partner made the real way: a public application, approved through the admin API. */
export async function approvedPartner(request: APIRequestContext, token: string): Promise<Partner> {
  const email = uniqueEmail('partner');
  const applied = await request.post(PARTNER_PATHS.apply, {
    data: {
      name: 'Luna Sky',
      email,
      channels: '@lunasky',
      audienceSize: '1k-10k',
      promotion: 'A weekly horoscope video with my link.',
      acceptTerms: true,
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get(`${PARTNER_PATHS.adminApplications}?status=pending&limit=200`, { headers });
  const { applications } = (await list.json()) as AdminApplicationsResult;
  const application = applications.find((item) => item.email === email);
  if (!application) throw new Error(`the application of ${email} is not listed`);
  const couponCode = `E2E${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
  const approved = await request.post(PARTNER_PATHS.adminApprove(application.id), {
    headers,
    data: { couponCode },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  return ((await approved.json()) as ApproveApplicationResult).partner;
}

export async function partnerStats(
  request: APIRequestContext,
  token: string,
  partnerId: string,
): Promise<AdminPartnerStatsResult> {
  const response = await request.get(PARTNER_PATHS.adminPartnerStats(partnerId), {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as AdminPartnerStatsResult;
}
