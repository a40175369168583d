import type { ChatMessage } from '@app/contracts/chat.ts';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { formatClockTime } from '../../../lib/format-date.ts';
import { sessionQuery } from '../api/chat-queries.ts';
import { useDailyLimit } from '../hooks/use-daily-limit.ts';
import { type PendingExchange, useChatStream } from '../stores/chat-stream-store.ts';
import { AnswerBubble, QuestionBubble, StreamingBubble } from './message-item.tsx';
import { Starters } from './starters.tsx';

/** A question refused because the day's messages are used up: what the limit is and when it resets. */
function LimitNotice({ message }: { message: string | undefined }) {
  const { limit, resetsAt } = useDailyLimit();
  return (
    <Alert title="Daily limit reached">
      {message}
      {limit !== null && resetsAt
        ? ` Your plan allows ${limit} messages a day. You can send again from ${formatClockTime(resetsAt)}.`
        : null}
    </Alert>
  );
}

/** What became of the question in flight when it was not answered; a retry only where it can work. */
function PendingOutcome({
  pending,
  onRetry,
}: {
  pending: PendingExchange;
  onRetry: (question: string) => void;
}) {
  if (pending.status === 'limited')
    return (
      <div className="mx-auto mt-4 w-full max-w-3xl">
        <LimitNotice message={pending.error} />
      </div>
    );
  if (pending.status !== 'error') return null;
  return (
    <div className="mx-auto mt-4 flex w-full max-w-3xl flex-col items-start gap-3">
      <Alert tone="error" title="The answer did not arrive">
        {pending.error}
      </Alert>
      <Button
        variant="secondary"
        size="sm"
        icon={<RotateCcw aria-hidden="true" className="size-4" />}
        onClick={() => onRetry(pending.question)}
      >
        Retry
      </Button>
    </div>
  );
}

/** The stored messages, with the question in flight in place of its not-yet-stored copy. */
function visibleMessages(messages: ChatMessage[], pending: PendingExchange | null) {
  const shown = pending && messages.length < pending.base + 2;
  return { messages: shown ? messages.slice(0, pending.base) : messages, pending: shown ? pending : null };
}

/**
 * The retry of the conversation's last answer when the built-in assistant stood in for a failed or
 * broken-off assistant service (and nothing is being asked now): the same question again.
 */
function retryOf(
  messages: ChatMessage[],
  index: number,
  pending: PendingExchange | null,
  onRetry: (question: string) => void,
): (() => void) | undefined {
  const question = messages[index - 1];
  if (pending || index !== messages.length - 1 || !messages[index]?.fallback || question?.role !== 'user')
    return undefined;
  return () => onRetry(question.content);
}

function MessageList({
  messages,
  pending,
  onRetry,
}: {
  messages: ChatMessage[];
  pending: PendingExchange | null;
  onRetry: (question: string) => void;
}) {
  const visible = visibleMessages(messages, pending);
  const end = useRef<HTMLDivElement>(null);
  const streamedLength = visible.pending?.text.length ?? 0;
  // Follow the conversation as it grows (and as the answer streams in).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scroll follows these changes on purpose
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, streamedLength, pending?.status]);
  return (
    <>
      {/* One polite live region for the whole conversation, busy while an answer streams, so the
          finished answer is read once. Keys are positions (messages only append), so the question in
          flight and its stored copy are the same node and only the answer is new when it is stored. */}
      <ol
        aria-label="Messages"
        aria-live="polite"
        aria-busy={visible.pending?.status === 'streaming'}
        className="mx-auto flex w-full max-w-3xl flex-col gap-5"
      >
        {visible.messages.map((message, index) =>
          message.role === 'user' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <QuestionBubble key={index} text={message.content} />
          ) : (
            <AnswerBubble
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              message={message}
              onRetry={retryOf(visible.messages, index, visible.pending, onRetry)}
            />
          ),
        )}
        {visible.pending ? (
          <>
            <QuestionBubble key={visible.messages.length} text={visible.pending.question} />
            <StreamingBubble
              key={visible.messages.length + 1}
              text={visible.pending.text}
              status={visible.pending.status}
            />
          </>
        ) : null}
      </ol>
      {pending ? <PendingOutcome pending={pending} onRetry={onRetry} /> : null}
      <div ref={end} />
    </>
  );
}

/** The messages of one conversation, or the starters when it is new or empty. */
export function Conversation({
  sessionId,
  onAsk,
}: {
  sessionId: string | undefined;
  onAsk: (question: string) => void;
}) {
  const session = useQuery({ ...sessionQuery(sessionId ?? ''), enabled: Boolean(sessionId) });
  const stream = useChatStream((state) => state.pending);
  const pending = stream && stream.sessionId === sessionId ? stream : null;
  const sending = useChatStream((state) => state.sending);
  const { reached } = useDailyLimit();
  const busy = sending || reached;

  if (!sessionId) return <Starters onAsk={onAsk} disabled={busy} />;
  if (session.isPending)
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted">
        <Spinner /> Loading the conversation…
      </p>
    );
  if (session.isError)
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-start gap-3 py-6">
        <Alert tone="error">{getErrorMessage(session.error)}</Alert>
        <Link to="/chat" className={buttonClasses('secondary', 'sm')}>
          Start a new conversation
        </Link>
      </div>
    );
  if (session.data.messages.length === 0 && !pending) return <Starters onAsk={onAsk} disabled={busy} />;
  return <MessageList key={sessionId} messages={session.data.messages} pending={pending} onRetry={onAsk} />;
}
