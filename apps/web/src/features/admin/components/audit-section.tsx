import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { auditQuery } from '../api/admin-api.ts';
import { QueryState } from './query-state.tsx';
import { DataTable, formatDate, Pager } from './table.tsx';

const PAGE = 25;
const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function AuditSection() {
  const [actor, setActor] = useState('');
  const [offset, setOffset] = useState(0);
  const deferredActor = useDeferredValue(actor.trim());
  const audit = useQuery(auditQuery({ ...(deferredActor && { actor: deferredActor }), limit: PAGE, offset }));
  return (
    <section aria-label="Audit log">
      <Field
        label="Made by (email)"
        type="search"
        value={actor}
        onChange={(event) => {
          setActor(event.target.value);
          setOffset(0);
        }}
        className="max-w-sm"
      />
      <div className="mt-4">
        <QueryState query={audit}>
          {(page) => (
            <>
              <DataTable
                caption="Audit log"
                rows={page.entries}
                rowKey={(entry) => entry.id}
                empty="No changes recorded yet."
                columns={[
                  { header: 'When', cell: (entry) => formatDate(entry.at) },
                  {
                    header: 'Who',
                    cell: (entry) => `${entry.actorEmail}${entry.ip ? ` (${entry.ip})` : ''}`,
                  },
                  { header: 'What', cell: (entry) => entry.action },
                  { header: 'Target', cell: (entry) => `${entry.targetType} ${entry.targetId}` },
                  {
                    header: 'Before',
                    cell: (entry) => <code className="break-all text-xs">{show(entry.before)}</code>,
                  },
                  {
                    header: 'After',
                    cell: (entry) => <code className="break-all text-xs">{show(entry.after)}</code>,
                  },
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
