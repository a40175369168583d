import type { AdminUserDetail } from '@app/contracts/admin.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, ok } from '../../../testing/fake-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { auditEntryOf, PERSON } from './audit-fixtures.ts';
import { UserDrawer } from './user-drawer.tsx';

const server = installFakeServer();

const detail = (audit: AdminUserDetail['audit']): AdminUserDetail => ({
  user: {
    id: PERSON.id,
    email: PERSON.email,
    name: PERSON.name,
    role: 'user',
    emailVerified: true,
    disabled: true,
    secondFactor: false,
    plan: null,
    subscriptionStatus: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSeenAt: null,
  },
  subscription: null,
  usage: { chatMessagesToday: 0, chatMessages30d: 0, landscapes30d: 0 },
  peopleAdded: 2,
  sessions: [],
  audit,
});

describe('the person dialog', () => {
  it('shows how many people the person added, as a count', async () => {
    server.answers[`GET /api/admin/users/${PERSON.id}`] = ok({ success: true, data: detail([]) });
    renderWithProviders(<UserDrawer id={PERSON.id} onClose={() => undefined} />);
    const label = await screen.findByText('People added', undefined, { timeout: 3000 });
    expect(label.nextElementSibling?.textContent).toBe('2');
  });

  it('tells the audit trail in words, naming the operator', async () => {
    server.answers[`GET /api/admin/users/${PERSON.id}`] = ok({
      success: true,
      data: detail([
        auditEntryOf({ before: { disabled: false }, after: { disabled: true } }),
        auditEntryOf({
          action: 'user.reset-second-factor',
          actorId: null,
          actorName: null,
          actorEmail: 'command line',
          before: { secondFactor: true },
          after: { secondFactor: false },
        }),
      ]),
    });
    renderWithProviders(<UserDrawer id={PERSON.id} onClose={() => undefined} />);
    // jsdom has no modal dialogs: the dialog stays closed, so its content is hidden from roles.
    const trail = await screen.findByRole('region', { name: 'Audit trail', hidden: true });
    const [disabled, reset] = trail.querySelectorAll(':scope > ul > li');
    expect(disabled?.textContent).toContain('Account changed by Olivia Operator (olivia@ops.test)');
    expect(disabled?.textContent).toContain('Disabled: no → yes');
    expect(reset?.textContent).toContain('Two-step sign-in reset by command line');
    expect(trail.textContent).not.toMatch(/[{}"]/);
  });
});
