import { useQuery } from '@tanstack/react-query';
import { PanelLeft, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { sessionQuery, sessionsQuery } from '../api/chat-queries.ts';
import { useChatRealtime } from '../hooks/use-chat-realtime.ts';
import { useDailyLimit } from '../hooks/use-daily-limit.ts';
import { useSendMessage } from '../hooks/use-send-message.ts';
import { useChatStream } from '../stores/chat-stream-store.ts';
import { Composer } from './composer.tsx';
import { Conversation } from './conversation.tsx';
import { SessionList } from './session-list.tsx';
import { UsageLine } from './usage-line.tsx';

/** On phones the conversations open in a drawer (a modal dialog: focus stays inside, Escape closes). */
function Drawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label="Conversations"
      onClose={onClose}
      className="m-0 h-dvh max-h-none w-80 max-w-[85vw] border-r border-line bg-bg p-0 text-fg md:hidden"
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex justify-end p-2">
            <button
              type="button"
              onClick={onClose}
              className="rounded-lg p-2 text-muted hover:bg-surface-2 hover:text-fg"
              aria-label="Close conversations"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

export default function ChatPage() {
  useDocumentTitle('Chat');
  const { sessionId } = useParams();
  useChatRealtime(sessionId);
  const [params] = useSearchParams();
  const prompt = params.get('prompt');
  const [draft, setDraft] = useState(prompt ?? '');
  const [drawer, setDrawer] = useState(false);
  const { send, stop } = useSendMessage();
  const streaming = useChatStream((state) => state.pending?.status === 'streaming');
  const sending = useChatStream((state) => state.sending);
  // Nothing can be sent until the day's allowance starts afresh.
  const limit = useDailyLimit();
  const session = useQuery({ ...sessionQuery(sessionId ?? ''), enabled: Boolean(sessionId) });
  // The list learns the title the first question gives a conversation; the detail was fetched before.
  const listed = useQuery(sessionsQuery()).data?.find((item) => item.id === sessionId);

  // "Ask about this" links arrive as /chat?prompt=…: the question waits in the box, unsent.
  useEffect(() => {
    if (prompt) setDraft(prompt);
  }, [prompt]);

  const ask = (question: string) => {
    void send(sessionId, question);
  };
  const sendDraft = () => {
    const question = draft.trim();
    if (!question) return;
    setDraft('');
    ask(question);
  };

  return (
    // The screen below the header (and above the phone's bottom bar, --bottom-bar).
    <div className="flex h-[calc(100dvh_-_4rem_-_var(--bottom-bar,0px))] min-h-0 w-full">
      <aside className="hidden w-72 shrink-0 flex-col border-r border-line bg-surface/40 md:flex">
        <SessionList activeId={sessionId} onNavigate={() => undefined} />
      </aside>
      <Drawer open={drawer} onClose={() => setDrawer(false)}>
        <SessionList activeId={sessionId} onNavigate={() => setDrawer(false)} />
      </Drawer>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center gap-3 border-b border-line px-4 py-3 sm:px-6">
          <button
            type="button"
            className="-ml-2 rounded-lg p-2 text-muted hover:bg-surface-2 hover:text-fg md:hidden"
            aria-label="Show conversations"
            onClick={() => setDrawer(true)}
          >
            <PanelLeft aria-hidden="true" className="size-5" />
          </button>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-semibold">
              {listed?.title ?? session.data?.title ?? 'Chat'}
            </h1>
            <UsageLine />
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-6 sm:px-6">
          <Conversation sessionId={sessionId} onAsk={ask} />
        </div>
        <div className="border-t border-line bg-bg/80 px-4 py-3 sm:px-6">
          <Composer
            value={draft}
            onChange={setDraft}
            onSend={sendDraft}
            onStop={stop}
            streaming={streaming}
            disabled={(Boolean(sessionId) && session.isError) || sending || limit.reached}
          />
        </div>
      </div>
    </div>
  );
}
