import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { auditQuery } from '../api/admin-api.ts';
import { AuditChanges, AuditName } from './audit-parts.tsx';
import { actionName, actorOf, targetOf } from './audit-text.ts';
import { QueryState } from './query-state.tsx';
import { DataTable, formatDate, Pager } from './table.tsx';

const PAGE = 25;

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
                {...(deferredActor
                  ? {
                      empty: `No changes made by ${deferredActor}`,
                      emptyHint: 'The filter matches a whole email address. Clear it to see every change.',
                    }
                  : {
                      empty: 'No changes recorded yet',
                      emptyHint:
                        'Changes operators make to people, partner applications and contact messages appear here.',
                    })}
                columns={[
                  { header: 'When', cell: (entry) => formatDate(entry.at) },
                  {
                    header: 'Who',
                    cell: (entry) => {
                      const who = actorOf(entry);
                      const from = entry.ip ? `from ${entry.ip}` : undefined;
                      return (
                        <AuditName name={who.name} detail={[who.detail, from].filter(Boolean).join(' · ')} />
                      );
                    },
                  },
                  { header: 'What', cell: (entry) => actionName(entry.action) },
                  { header: 'Target', cell: (entry) => <AuditName {...targetOf(entry)} /> },
                  { header: 'Changes', cell: (entry) => <AuditChanges entry={entry} /> },
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
