import type { ContactInboxItem } from '@app/contracts/admin.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast-store.ts';
import { inboxQuery, markHandled, replyToMessage } from '../api/admin-api.ts';
import { QueryState } from './query-state.tsx';
import { formatDate } from './table.tsx';

function Message({ message }: { message: ContactInboxItem }) {
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const [replying, setReplying] = useState(false);
  const done = (text: string) => {
    toast.success(text);
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  };
  const handle = useMutation({
    mutationFn: () => markHandled(message.id),
    onSuccess: () => done('Marked handled'),
  });
  const send = useMutation({
    mutationFn: () => replyToMessage(message.id, reply),
    onSuccess: () => done('Reply sent'),
  });
  return (
    <li className="rounded-xl border border-line bg-surface p-4">
      <article aria-label={`Message from ${message.name}`}>
        <header className="flex flex-wrap justify-between gap-2 text-sm">
          <span className="font-medium">
            {message.name} &lt;{message.email}&gt;
          </span>
          <span className="text-muted">
            {message.topic} · {formatDate(message.createdAt)}
          </span>
        </header>
        <p className="mt-2 whitespace-pre-wrap break-words">{message.message}</p>
        {message.handledAt ? (
          <p className="mt-2 text-sm text-muted">Handled {formatDate(message.handledAt)}</p>
        ) : (
          <div className="mt-3 flex flex-col gap-3">
            {replying ? (
              <form
                className="flex flex-col gap-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  send.mutate();
                }}
              >
                <TextareaField
                  label="Your reply"
                  value={reply}
                  onChange={(event) => setReply(event.target.value)}
                  required
                  autoFocus
                />
                {send.isError ? <Alert tone="error">{getErrorMessage(send.error)}</Alert> : null}
                <div className="flex gap-2">
                  <Button type="submit" size="sm" loading={send.isPending} loadingText="Sending…">
                    Send reply
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setReplying(false)}>
                    Cancel
                  </Button>
                </div>
              </form>
            ) : (
              <div className="flex gap-2">
                <Button size="sm" onClick={() => setReplying(true)}>
                  Reply
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={handle.isPending}
                  onClick={() => handle.mutate()}
                >
                  Mark handled
                </Button>
              </div>
            )}
            {handle.isError ? <Alert tone="error">{getErrorMessage(handle.error)}</Alert> : null}
          </div>
        )}
      </article>
    </li>
  );
}

const VIEWS = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
];

export function InboxSection() {
  const [status, setStatus] = useState<'open' | 'handled'>('open');
  const inbox = useQuery(inboxQuery(status));
  return (
    <section aria-label="Contact inbox">
      <SelectField
        label="Show"
        options={VIEWS}
        value={status}
        onChange={(e) => setStatus(e.target.value as 'open')}
        className="max-w-xs"
      />
      <div className="mt-4">
        <QueryState query={inbox}>
          {(page) =>
            page.messages.length === 0 ? (
              <p className="text-muted">
                {status === 'open' ? 'No open messages. Nice.' : 'Nothing handled yet.'}
              </p>
            ) : (
              <ul className="flex flex-col gap-3">
                {page.messages.map((message) => (
                  <Message key={message.id} message={message} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
    </section>
  );
}
