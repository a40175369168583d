import type { PartnerApplication } from '@app/contracts/partners.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast-store.ts';
import { applicationsQuery, approveApplication, rejectApplication } from '../api/admin-api.ts';
import { QueryState } from './query-state.tsx';
import { formatDate } from './table.tsx';

function Application({ application }: { application: PartnerApplication }) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const done = (text: string) => {
    toast.success(text);
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  };
  const approve = useMutation({
    mutationFn: () => approveApplication(application.id),
    onSuccess: (result) => done(`Approved: coupon ${result.partner.couponCode}`),
  });
  const reject = useMutation({
    mutationFn: () => rejectApplication(application.id, reason),
    onSuccess: () => done('Rejected'),
  });
  const error = approve.error ?? reject.error;
  return (
    <li className="rounded-xl border border-line bg-surface p-4">
      <article aria-label={`Application from ${application.name}`}>
        <header className="flex flex-wrap justify-between gap-2 text-sm">
          <span className="font-medium">
            {application.name} &lt;{application.email}&gt;
          </span>
          <span className="text-muted">{formatDate(application.createdAt)}</span>
        </header>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Channels</dt>
          <dd className="break-words">{application.channels}</dd>
          <dt className="text-muted">Audience</dt>
          <dd>{application.audienceSize}</dd>
          <dt className="text-muted">Promotion</dt>
          <dd className="break-words">{application.promotion}</dd>
        </dl>
        {application.status === 'pending' ? (
          rejecting ? (
            <form
              className="mt-3 flex flex-col gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                reject.mutate();
              }}
            >
              <TextareaField
                label="Reason (mailed to the applicant)"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                required
                autoFocus
              />
              <div className="flex gap-2">
                <Button type="submit" size="sm" variant="danger" loading={reject.isPending}>
                  Reject application
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setRejecting(false)}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : (
            <div className="mt-3 flex gap-2">
              <Button size="sm" loading={approve.isPending} onClick={() => approve.mutate()}>
                Approve
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setRejecting(true)}>
                Reject
              </Button>
            </div>
          )
        ) : (
          <p className="mt-2 text-sm text-muted">
            {application.status === 'approved'
              ? 'Approved'
              : `Rejected: ${application.rejectionReason ?? ''}`}{' '}
            {formatDate(application.decidedAt)}
          </p>
        )}
        {error ? (
          <Alert tone="error" className="mt-3">
            {getErrorMessage(error)}
          </Alert>
        ) : null}
      </article>
    </li>
  );
}

const VIEWS = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

export function ApplicationsSection() {
  const [status, setStatus] = useState<'pending' | 'approved' | 'rejected'>('pending');
  const applications = useQuery(applicationsQuery(status));
  return (
    <section aria-label="Partner applications">
      <SelectField
        label="Show"
        options={VIEWS}
        value={status}
        onChange={(e) => setStatus(e.target.value as 'pending')}
        className="max-w-xs"
      />
      <div className="mt-4">
        <QueryState query={applications}>
          {(page) =>
            page.applications.length === 0 ? (
              <p className="text-muted">No applications here.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {page.applications.map((application) => (
                  <Application key={application.id} application={application} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
    </section>
  );
}
