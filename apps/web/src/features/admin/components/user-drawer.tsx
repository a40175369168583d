import type { AdminUserDetail, AdminUserUpdate } from '@app/contracts/admin.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast-store.ts';
import { deleteUser, updateUser, userQuery } from '../api/admin-api.ts';
import { AuditChanges } from './audit-parts.tsx';
import { actionName, actorOf } from './audit-text.ts';
import { QueryState } from './query-state.tsx';
import { formatDate } from './table.tsx';

type Pending =
  | { title: string; description: string; changes: AdminUserUpdate; confirm: string }
  | 'delete'
  | null;

function Facts({ detail }: { detail: AdminUserDetail }) {
  const { user, subscription, usage } = detail;
  const rows: [string, string][] = [
    ['Name', user.name],
    ['Role', user.role === 'admin' ? `Admin${user.secondFactor ? ' (two-step sign-in on)' : ''}` : 'User'],
    ['Email', user.emailVerified ? 'Verified' : 'Not verified'],
    ['Account', user.disabled ? 'Disabled' : 'Active'],
    ['Joined', formatDate(user.createdAt)],
    [
      'Subscription',
      subscription
        ? `${subscription.plan}, ${subscription.status.replace('_', ' ')}${subscription.cancelAtPeriodEnd ? ', ends at period end' : ''}`
        : 'None',
    ],
    ['Chat messages', `${usage.chatMessagesToday} today · ${usage.chatMessages30d} in 30 days`],
    ['Landscapes (30 days)', String(usage.landscapes30d)],
    ['People added', String(detail.peopleAdded)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One person: their subscription, usage, sessions and audit trail, and the actions on them. */
export function UserDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery(userQuery(id));
  const [pending, setPending] = useState<Pending>(null);
  const [typed, setTyped] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  const change = useMutation({
    mutationFn: (changes: AdminUserUpdate) => updateUser(id, changes),
    onSuccess: () => {
      toast.success('Saved');
      setPending(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (email: string) => deleteUser(id, email),
    onSuccess: () => {
      toast.success('Account deleted');
      setPending(null);
      onClose();
      refresh();
    },
  });
  const user = detail.data?.user;
  const email = user?.email ?? '';

  return (
    <Dialog open onClose={onClose} title={email || 'Person'}>
      <QueryState query={detail}>
        {(data) => (
          <div className="flex max-h-[70vh] flex-col gap-5 overflow-y-auto">
            <Facts detail={data} />
            {pending === 'delete' ? (
              <form
                aria-label="Delete this account"
                className="flex flex-col gap-3 rounded-xl border border-danger/40 p-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  remove.mutate(typed);
                }}
              >
                <h3 className="font-medium">Delete this account?</h3>
                <p className="text-sm text-muted">
                  Their subscription is cancelled and all their data is deleted. Type {email} to confirm.
                </p>
                <Field
                  label="Email address"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  autoComplete="off"
                  autoFocus
                  required
                />
                {remove.isError ? <Alert tone="error">{getErrorMessage(remove.error)}</Alert> : null}
                <div className="flex justify-end gap-2">
                  <Button variant="secondary" onClick={() => setPending(null)}>
                    Cancel
                  </Button>
                  <Button
                    type="submit"
                    variant="danger"
                    loading={remove.isPending}
                    disabled={typed.trim().toLowerCase() !== email}
                  >
                    Delete account
                  </Button>
                </div>
              </form>
            ) : pending ? (
              <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4">
                <legend className="font-medium">{pending.title}</legend>
                <p className="text-sm text-muted">{pending.description}</p>
                <div className="flex justify-end gap-2">
                  <Button variant="secondary" onClick={() => setPending(null)}>
                    Cancel
                  </Button>
                  <Button
                    variant="danger"
                    autoFocus
                    loading={change.isPending}
                    onClick={() => change.mutate(pending.changes)}
                  >
                    {pending.confirm}
                  </Button>
                </div>
              </fieldset>
            ) : (
              <div className="flex flex-wrap gap-2">
                {!data.user.emailVerified ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => change.mutate({ emailVerified: true })}
                    loading={change.isPending}
                  >
                    Mark email verified
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    setPending({
                      title:
                        data.user.role === 'admin' ? 'Remove the admin role?' : 'Make this person an admin?',
                      description:
                        data.user.role === 'admin'
                          ? `${email} will no longer reach the admin area.`
                          : `${email} will see everyone's data and can change it, after setting up two-step sign-in.`,
                      changes: { role: data.user.role === 'admin' ? 'user' : 'admin' },
                      confirm: data.user.role === 'admin' ? 'Remove admin role' : 'Make admin',
                    })
                  }
                >
                  {data.user.role === 'admin' ? 'Remove admin role' : 'Make admin'}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    setPending(
                      data.user.disabled
                        ? {
                            title: 'Enable this account?',
                            description: `${email} can sign in again.`,
                            changes: { disabled: false },
                            confirm: 'Enable',
                          }
                        : {
                            title: 'Disable this account?',
                            description: `${email} is signed out everywhere at once and cannot sign in until enabled again.`,
                            changes: { disabled: true },
                            confirm: 'Disable',
                          },
                    )
                  }
                >
                  {data.user.disabled ? 'Enable account' : 'Disable account'}
                </Button>
                <Button size="sm" variant="danger" onClick={() => setPending('delete')}>
                  Delete account
                </Button>
              </div>
            )}
            {change.isError ? <Alert tone="error">{getErrorMessage(change.error)}</Alert> : null}
            <section aria-label="Sessions">
              <h3 className="font-medium">Open sessions ({data.sessions.length})</h3>
              <ul className="mt-1 space-y-1 text-sm text-muted">
                {data.sessions.map((session) => (
                  <li key={session.id}>
                    Last seen {formatDate(session.lastSeenAt)} · {session.userAgent ?? 'unknown device'}
                  </li>
                ))}
              </ul>
            </section>
            <section aria-label="Audit trail">
              <h3 className="font-medium">Audit trail</h3>
              {data.audit.length === 0 ? (
                <p className="text-sm text-muted">No changes recorded yet.</p>
              ) : (
                <ul className="mt-1 space-y-2 text-sm">
                  {data.audit.map((entry) => {
                    const actor = actorOf(entry);
                    return (
                      <li key={entry.id}>
                        <p>
                          <span className="text-muted">{formatDate(entry.at)}</span> ·{' '}
                          {actionName(entry.action)} by{' '}
                          {actor.detail ? `${actor.name} (${actor.detail})` : actor.name}
                        </p>
                        <AuditChanges entry={entry} className="mt-0.5 text-muted" />
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}
