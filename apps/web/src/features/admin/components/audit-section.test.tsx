import type { AdminAuditEntry } from '@app/contracts/admin.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeServer, ok, type SentRequest } from '../../../testing/fake-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { auditEntryOf, OPERATOR, PERSON } from './audit-fixtures.ts';
import { AuditSection } from './audit-section.tsx';

const server = installFakeServer();
const answer = (entries: AdminAuditEntry[]) => () =>
  ok({ success: true, data: { entries, total: entries.length } });

describe('the audit log', () => {
  it('names who changed what and whom, and says the changes in words', async () => {
    server.answers['GET /api/admin/audit-log'] = answer([
      auditEntryOf({ before: { role: 'user', disabled: false }, after: { role: 'admin', disabled: true } }),
      auditEntryOf({
        action: 'user.enrol-second-factor',
        actorId: PERSON.id,
        actorEmail: PERSON.email,
        actorName: PERSON.name,
        after: { secondFactor: true },
      }),
      auditEntryOf({
        action: 'partner.approve',
        targetType: 'partner-application',
        targetId: 'app-1',
        targetName: 'Stella Applicant',
        targetEmail: 'stella@partners.test',
        after: { commissionRate: 0.25 },
      }),
      auditEntryOf({ action: 'billing.refund', actorId: null, actorName: null, actorEmail: 'command line' }),
    ]);
    renderWithProviders(<AuditSection />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, changed, enrolled, approved, unknown] = within(table).getAllByRole('row');
    expect(changed?.textContent).toContain('Olivia Operator');
    expect(changed?.textContent).toContain(`${OPERATOR.email} · from 203.0.113.7`);
    expect(changed?.textContent).toContain('Account changed');
    expect(changed?.textContent).toContain('Tess Target');
    expect(changed?.textContent).toContain(PERSON.email);
    expect(within(changed as HTMLElement).getByText('Role: user → admin')).toBeTruthy();
    expect(within(changed as HTMLElement).getByText('Disabled: no → yes')).toBeTruthy();
    expect(enrolled?.textContent).toContain('Two-step sign-in set up');
    expect(approved?.textContent).toContain('Partner approved');
    expect(approved?.textContent).toContain('Stella Applicant');
    expect(approved?.textContent).toContain('Commission: 25 %');
    expect(unknown?.textContent).toContain('billing.refund');
    expect(unknown?.textContent).toContain('command line');
    // No ids or JSON where a name or words can stand.
    expect(table.textContent).not.toContain(PERSON.id);
    expect(table.textContent).not.toMatch(/[{}"]/);
  });

  it('says plainly that nothing is recorded yet, with no stray "None"', async () => {
    server.answers['GET /api/admin/audit-log'] = answer([]);
    renderWithProviders(<AuditSection />);
    expect(await screen.findByText('No changes recorded yet')).toBeTruthy();
    expect(screen.queryByText('None')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('says when nobody with the address typed made a change', async () => {
    server.answers['GET /api/admin/audit-log'] = (request: SentRequest) =>
      answer(request.params?.actor ? [] : [auditEntryOf()])();
    renderWithProviders(<AuditSection />);
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.setup().type(screen.getByLabelText('Made by (email)'), 'nobody@ops.test');
    expect(await screen.findByText('No changes made by nobody@ops.test')).toBeTruthy();
    expect(screen.queryByText('None')).toBeNull();
  });
});
