import type { SystemHealth } from '@app/contracts/admin.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, ok } from '../../../testing/fake-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { HealthSection } from './health-section.tsx';

const server = installFakeServer();

const health = (payments: SystemHealth['payments']): SystemHealth => ({
  version: '1.0.0',
  uptimeSeconds: 3725,
  memory: { rssBytes: 150 * 1024 * 1024, heapUsedBytes: 60 * 1024 * 1024 },
  database: { engine: 'sqlite', reachable: true, latencyMs: 0.4, migrationsApplied: 22 },
  mail: { backlog: 0, lastError: null, delivery: 'smtp' },
  payments,
  assistant: { provider: 'builtin', model: null, corrections: [] },
  jobs: { scheduled: true, runs: [] },
});

describe('the system health section', () => {
  it('names the built-in test checkout plainly', async () => {
    server.answers['GET /api/admin/system-health'] = ok({
      success: true,
      data: health({ provider: 'local', mode: 'local', reachable: null }),
    });
    renderWithProviders(<HealthSection />);
    expect(await screen.findByText('built-in test checkout (no real payments)')).toBeTruthy();
    expect(screen.getByText('1 h 2 min')).toBeTruthy();
  });

  it('says plainly that mail is not sent without SMTP, and names the database and the assistant', async () => {
    server.answers['GET /api/admin/system-health'] = ok({
      success: true,
      data: {
        ...health({ provider: 'local', mode: 'local', reachable: null }),
        mail: { backlog: 2, lastError: null, delivery: 'log' },
        jobs: {
          scheduled: true,
          runs: [
            {
              name: 'sent mail clean-up',
              intervalMs: 60_000,
              lastRunAt: null,
              lastDurationMs: null,
              lastError: null,
              lagMs: 0,
            },
            {
              name: 'landscape pre-generation',
              intervalMs: 60_000,
              lastRunAt: null,
              lastDurationMs: null,
              lastError: 'disk full',
              lagMs: 5000,
            },
          ],
        },
      },
    });
    renderWithProviders(<HealthSection />);
    expect(
      await screen.findByText(
        '2 messages in the outbox · not sent: no SMTP_URL is set, so each mail is written to the server log',
      ),
    ).toBeTruthy();
    expect(screen.getByText('SQLite, reachable in 0.4 ms, 22 migrations applied')).toBeTruthy();
    expect(screen.getByText('built-in assistant (answers from the chart, no outside service)')).toBeTruthy();
    expect(screen.getByText('No answers checked in the last 7 days')).toBeTruthy();
    // One line per scheduled job.
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'sent mail clean-up: not run yet',
      'landscape pre-generation: not run yet, 5 s late, failed: disk full',
    ]);
  });

  it('shows the outbox and the last delivery error when the SMTP server refuses', async () => {
    server.answers['GET /api/admin/system-health'] = ok({
      success: true,
      data: {
        ...health({ provider: 'local', mode: 'local', reachable: null }),
        mail: { backlog: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:25', delivery: 'smtp' },
      },
    });
    renderWithProviders(<HealthSection />);
    expect(
      await screen.findByText('1 message in the outbox · last error: connect ECONNREFUSED 127.0.0.1:25'),
    ).toBeTruthy();
  });

  it('shows Stripe with its mode and whether it answers', async () => {
    server.answers['GET /api/admin/system-health'] = ok({
      success: true,
      data: health({ provider: 'stripe', mode: 'live', reachable: false }),
    });
    renderWithProviders(<HealthSection />);
    expect(await screen.findByText('stripe (live) · NOT reachable')).toBeTruthy();
  });

  it('shows how often each model had a statement corrected against the chart this week', async () => {
    const data = health({ provider: 'local', mode: 'local', reachable: null });
    server.answers['GET /api/admin/system-health'] = ok({
      success: true,
      data: {
        ...data,
        assistant: {
          provider: 'openai',
          model: 'llama3',
          corrections: [
            { model: 'llama3', checked: 40, corrected: 3 },
            { model: 'builtin', checked: 1, corrected: 0 },
          ],
        },
      },
    });
    renderWithProviders(<HealthSection />);
    expect(
      await screen.findByText(
        'llama3: 3 of 40 answers corrected (7.5%) · built-in assistant: 0 of 1 answer corrected (0%)',
      ),
    ).toBeTruthy();
  });
});
