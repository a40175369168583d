import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { subscriptionsQuery, usageQuery } from '../api/admin-api.ts';
import { QueryState } from './query-state.tsx';
import { DataTable, formatDate, Pager } from './table.tsx';

const PAGE = 25;
const STATUSES = [
  { value: '', label: 'Any status' },
  { value: 'trialing', label: 'Trialing' },
  { value: 'active', label: 'Active' },
  { value: 'past_due', label: 'Past due' },
  { value: 'canceled', label: 'Cancelled' },
  { value: 'incomplete', label: 'Incomplete' },
];

export function SubscriptionsSection() {
  const [status, setStatus] = useState('');
  const [offset, setOffset] = useState(0);
  const subscriptions = useQuery(subscriptionsQuery({ ...(status && { status }), limit: PAGE, offset }));
  return (
    <section aria-label="Subscriptions">
      <SelectField
        label="Status"
        options={STATUSES}
        value={status}
        onChange={(event) => {
          setStatus(event.target.value);
          setOffset(0);
        }}
        className="max-w-xs"
      />
      <div className="mt-4">
        <QueryState query={subscriptions}>
          {(page) => (
            <>
              <DataTable
                caption="Subscriptions"
                rows={page.subscriptions}
                rowKey={(row) => row.id}
                empty="No subscriptions with this status."
                columns={[
                  { header: 'Person', cell: (row) => row.email },
                  { header: 'Plan', cell: (row) => row.plan },
                  {
                    header: 'Status',
                    cell: (row) => `${row.status.replace('_', ' ')}${row.cancelAtPeriodEnd ? ' (ends)' : ''}`,
                  },
                  { header: 'Trial ends', cell: (row) => formatDate(row.trialEnd) },
                  { header: 'Period ends', cell: (row) => formatDate(row.currentPeriodEnd) },
                  { header: 'Since', cell: (row) => formatDate(row.createdAt) },
                ]}
              />
              <Pager total={page.total} limit={PAGE} offset={offset} onOffset={setOffset} />
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}

const USAGE_SORTS = [
  { value: 'chat30d', label: 'Chat messages, 30 days' },
  { value: 'chatToday', label: 'Chat messages today' },
  { value: 'landscapes30d', label: 'Landscapes, 30 days' },
];

export function UsageSection() {
  const [sort, setSort] = useState('chat30d');
  const usage = useQuery(usageQuery(sort));
  return (
    <section aria-label="Usage">
      <SelectField
        label="Heaviest first by"
        options={USAGE_SORTS}
        value={sort}
        onChange={(e) => setSort(e.target.value)}
        className="max-w-xs"
      />
      <div className="mt-4">
        <QueryState query={usage}>
          {(page) => (
            <DataTable
              caption="Usage per person"
              rows={page.rows}
              rowKey={(row) => row.userId}
              empty="Nobody used the chat or the landscape in the last 30 days."
              columns={[
                { header: 'Person', cell: (row) => row.email },
                { header: 'Chat today', cell: (row) => row.chatMessagesToday },
                { header: 'Chat, 30 days', cell: (row) => row.chatMessages30d },
                { header: 'Landscapes today', cell: (row) => row.landscapesToday },
                { header: 'Landscapes, 30 days', cell: (row) => row.landscapes30d },
              ]}
            />
          )}
        </QueryState>
      </div>
    </section>
  );
}
