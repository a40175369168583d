import type { AdminAuditEntry } from '@app/contracts/admin.ts';
import { cn } from '../../../components/ui/cn.ts';
import { changesOf } from './audit-text.ts';

/** A person or thing in the audit log: the name, with the email or id under it. */
export function AuditName({ name, detail }: { name: string; detail?: string | undefined }) {
  return (
    <span className="flex flex-col">
      <span>{name}</span>
      {detail ? <span className="break-all text-xs text-muted">{detail}</span> : null}
    </span>
  );
}

/** An entry's changes, one line per field ("Disabled: no → yes"); nothing when the action says it all. */
export function AuditChanges({
  entry,
  className,
}: {
  entry: Pick<AdminAuditEntry, 'action' | 'before' | 'after'>;
  className?: string;
}) {
  const lines = changesOf(entry);
  if (lines.length === 0) return null;
  return (
    <ul className={cn('space-y-0.5 break-words', className)}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
