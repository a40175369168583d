import type { ChatSession } from '@app/contracts/chat.ts';
import { CHAT_TITLE_MAX } from '@app/contracts/chat.ts';
import { useQuery } from '@tanstack/react-query';
import { MessageSquarePlus, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast-store.ts';
import { sessionsQuery } from '../api/chat-queries.ts';
import { useDeleteSession, useRenameSession } from '../hooks/use-session-actions.ts';

const ICON_BUTTON = 'rounded-lg p-2 text-muted hover:bg-surface-2 hover:text-fg';

function RenameForm({ session, onDone }: { session: ChatSession; onDone: () => void }) {
  const rename = useRenameSession();
  const [title, setTitle] = useState(session.title);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: session.id, title },
      { onSuccess: onDone, onError: (error) => toast.error('Could not rename', getErrorMessage(error)) },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 p-2">
      <label className="sr-only" htmlFor={`rename-${session.id}`}>
        New title for {session.title}
      </label>
      <input
        id={`rename-${session.id}`}
        value={title}
        maxLength={CHAT_TITLE_MAX}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this title
        autoFocus
        className="h-9 w-full rounded-lg border border-line bg-surface px-2 text-sm text-fg"
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={rename.isPending} disabled={!title.trim()}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function SessionRow({
  session,
  active,
  onOpen,
  onDelete,
}: {
  session: ChatSession;
  active: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <li>
        <RenameForm session={session} onDone={() => setEditing(false)} />
      </li>
    );
  return (
    <li
      className={cn(
        'group flex items-center gap-1 rounded-xl pr-1',
        active ? 'bg-accent-soft' : 'hover:bg-surface-2',
      )}
    >
      <Link
        to={`/chat/${session.id}`}
        onClick={onOpen}
        aria-current={active ? 'page' : undefined}
        className="min-w-0 flex-1 rounded-xl px-3 py-2"
      >
        <span className="block truncate text-sm font-medium">{session.title}</span>
        <span className="block text-xs text-muted">{formatDateTime(session.updatedAt)}</span>
      </Link>
      <button
        type="button"
        className={ICON_BUTTON}
        aria-label={`Rename ${session.title}`}
        onClick={() => setEditing(true)}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button type="button" className={ICON_BUTTON} aria-label={`Delete ${session.title}`} onClick={onDelete}>
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/** The person's conversations, newest first, with new, rename and delete. */
export function SessionList({
  activeId,
  onNavigate,
}: {
  activeId: string | undefined;
  onNavigate: () => void;
}) {
  const sessions = useQuery(sessionsQuery());
  const remove = useDeleteSession();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<ChatSession | null>(null);
  const sorted = [...(sessions.data ?? [])].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: (message) => {
        setDeleting(null);
        toast.success(message);
        if (target.id === activeId) navigate('/chat');
      },
      onError: (error) => toast.error('Could not delete', getErrorMessage(error)),
    });
  };

  return (
    <nav aria-label="Conversations" className="flex min-h-0 flex-1 flex-col gap-3 p-3">
      <Link to="/chat" onClick={onNavigate} className={buttonClasses('primary', 'md', 'w-full')}>
        <MessageSquarePlus aria-hidden="true" className="size-4" />
        New conversation
      </Link>
      <h2 className="px-1 text-sm font-medium text-muted">Conversations</h2>
      {sessions.isPending ? (
        <p role="status" className="flex items-center gap-2 px-1 text-sm text-muted">
          <Spinner /> Loading…
        </p>
      ) : sessions.isError ? (
        <Alert tone="error">{getErrorMessage(sessions.error)}</Alert>
      ) : sorted.length === 0 ? (
        <p className="px-1 text-sm text-muted">Your conversations will be listed here.</p>
      ) : (
        <ul className="-mx-1 flex min-h-0 flex-col gap-1 overflow-y-auto px-1">
          {sorted.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              active={session.id === activeId}
              onOpen={onNavigate}
              onDelete={() => setDeleting(session)}
            />
          ))}
        </ul>
      )}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this conversation?"
        description={`“${deleting?.title ?? ''}” and all its messages will be deleted. This cannot be undone.`}
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={confirmDelete}>
            Delete
          </Button>
        </div>
      </Dialog>
    </nav>
  );
}
