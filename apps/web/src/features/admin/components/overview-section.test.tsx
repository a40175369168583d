import type { AdminDashboard } from '@app/contracts/admin.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, ok } from '../../../testing/fake-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { OverviewSection } from './overview-section.tsx';

const server = installFakeServer();

const dashboard = (mailDelivery: AdminDashboard['mailDelivery']): AdminDashboard => ({
  users: { total: 3, verified: 3, disabled: 0, admins: 1, new7d: 3, new30d: 3 },
  subscriptionsByStatus: { trialing: 3 },
  mrrMinor: {},
  trialConversion30d: { ended: 0, converted: 0, rate: null },
  churn30d: { ended: 0, base: 0, rate: null },
  today: { chatMessages: 3, landscapes: 3 },
  mailBacklog: 6,
  mailDelivery,
  openPartnerApplications: 0,
  openContactMessages: 0,
});

describe('the admin overview', () => {
  it('says when the mail waiting is not being sent because no SMTP server is set', async () => {
    server.answers['GET /api/admin/dashboard'] = ok({ success: true, data: dashboard('log') });
    renderWithProviders(<OverviewSection />);
    expect(await screen.findByText('Not sent: no SMTP_URL is set (see System health)')).toBeTruthy();
  });

  it('shows the mail waiting without a note when it is sent', async () => {
    server.answers['GET /api/admin/dashboard'] = ok({ success: true, data: dashboard('smtp') });
    renderWithProviders(<OverviewSection />);
    expect(await screen.findByText('Mail waiting')).toBeTruthy();
    expect(screen.queryByText(/Not sent/)).toBeNull();
  });
});
