import type { AdminUser, AdminUsersQuery } from '@app/contracts/admin.ts';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { usersQuery } from '../api/admin-api.ts';
import { QueryState } from './query-state.tsx';
import { DataTable, formatDate, Pager } from './table.tsx';
import { UserDrawer } from './user-drawer.tsx';

const PAGE = 25;

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'verified', label: 'Verified' },
  { value: 'unverified', label: 'Not verified' },
  { value: 'disabled', label: 'Disabled' },
];
const ROLE_OPTIONS = [
  { value: '', label: 'Any role' },
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];
const SORT_OPTIONS = [
  { value: 'created:desc', label: 'Newest first' },
  { value: 'created:asc', label: 'Oldest first' },
  { value: 'email:asc', label: 'Email A–Z' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'lastSeen:desc', label: 'Recently seen' },
];

function standing(user: AdminUser): string {
  if (user.disabled) return 'Disabled';
  return user.emailVerified ? 'Verified' : 'Not verified';
}

export function UsersSection() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState('created:desc');
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string>();
  const deferredSearch = useDeferredValue(search.trim());
  const [sortBy, order] = sort.split(':') as [AdminUsersQuery['sort'], 'asc' | 'desc'];
  const query = {
    ...(deferredSearch && { search: deferredSearch }),
    ...(role && { role: role as 'user' | 'admin' }),
    ...(status && { status: status as 'verified' }),
    sort: sortBy,
    order,
    limit: PAGE,
    offset,
  };
  const users = useQuery(usersQuery(query));
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setOffset(0);
    };

  return (
    <section aria-label="People">
      <div className="grid gap-3 sm:grid-cols-4">
        <Field
          label="Search by email or name"
          type="search"
          value={search}
          onChange={(event) => reset(setSearch)(event.target.value)}
          className="sm:col-span-4"
        />
        <SelectField
          label="Role"
          options={ROLE_OPTIONS}
          value={role}
          onChange={(e) => reset(setRole)(e.target.value)}
        />
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(e) => reset(setStatus)(e.target.value)}
        />
        <SelectField
          label="Sort"
          options={SORT_OPTIONS}
          value={sort}
          onChange={(e) => reset(setSort)(e.target.value)}
        />
      </div>
      <div className="mt-4">
        <QueryState query={users}>
          {(page) => (
            <>
              <DataTable
                caption="People"
                rows={page.users}
                rowKey={(user) => user.id}
                empty="Nobody matches these filters."
                columns={[
                  {
                    header: 'Person',
                    cell: (user) => (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="-ml-3 h-auto py-1 text-left"
                        onClick={() => setOpen(user.id)}
                      >
                        <span className="flex flex-col items-start">
                          <span className="font-medium">{user.email}</span>
                          <span className="text-xs text-muted">{user.name}</span>
                        </span>
                      </Button>
                    ),
                  },
                  { header: 'Role', cell: (user) => (user.role === 'admin' ? 'Admin' : 'User') },
                  { header: 'Status', cell: standing },
                  {
                    header: 'Plan',
                    cell: (user) => (user.plan ? `${user.plan} (${user.subscriptionStatus})` : '—'),
                  },
                  { header: 'Joined', cell: (user) => formatDate(user.createdAt) },
                  { header: 'Last seen', cell: (user) => formatDate(user.lastSeenAt) },
                ]}
              />
              <Pager total={page.total} limit={PAGE} offset={offset} onOffset={setOffset} />
            </>
          )}
        </QueryState>
      </div>
      {open ? <UserDrawer id={open} onClose={() => setOpen(undefined)} /> : null}
    </section>
  );
}
