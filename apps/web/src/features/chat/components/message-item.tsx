import type { ChatCorrection, ChatFact, ChatMessage } from '@app/contracts/chat.ts';
import { Check, Copy, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { toast } from '../../../lib/toast-store.ts';
import { AnswerText } from '../lib/render-answer.tsx';
import type { PendingStatus } from '../stores/chat-stream-store.ts';

export function QuestionBubble({ text }: { text: string }) {
  return (
    <li className="flex justify-end">
      <div className="max-w-[85%] rounded-2xl rounded-br-md bg-accent px-4 py-2.5 text-accent-fg whitespace-pre-wrap break-words">
        <span className="sr-only">You: </span>
        {text}
      </div>
    </li>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Could not copy', 'Your browser did not allow copying. Select the text instead.');
    }
  };
  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      onClick={copy}
      className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs text-muted hover:bg-surface-2 hover:text-fg"
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span aria-live="polite">{copied ? 'Copied' : 'Copy answer'}</span>
    </button>
  );
}

function FactsUsed({ facts }: { facts: ChatFact[] }) {
  if (facts.length === 0) return null;
  return (
    <details className="group text-xs text-muted">
      <summary className="cursor-pointer rounded-lg px-2 py-1 hover:bg-surface-2 hover:text-fg">
        Facts used ({facts.length})
      </summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-7 text-fg/80">
        {facts.map((fact) => (
          <li key={`${fact.kind}:${fact.text}`}>{fact.text}</li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Under an answer whose statements were checked against the chart and corrected before they were
 * shown: how many, and (opened) what the assistant said and what the chart says.
 */
function CorrectionsNote({ corrections }: { corrections: ChatCorrection[] }) {
  if (corrections.length === 0) return null;
  const count = corrections.length;
  return (
    <details className="text-xs text-muted">
      <summary className="cursor-pointer rounded-lg px-2 py-1 hover:bg-surface-2 hover:text-fg">
        {count} {count === 1 ? 'statement' : 'statements'} corrected against your chart
      </summary>
      <ul className="mt-1 space-y-1.5 pl-4 text-fg/80">
        {corrections.map((correction, i) => (
          // Two statements may read the same; their place tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes order
          <li key={i}>
            <p>
              <span className="font-medium">The assistant said:</span> {correction.said}
            </p>
            <p>
              <span className="font-medium">Your chart says:</span> {correction.chart}
            </p>
          </li>
        ))}
      </ul>
    </details>
  );
}

function StoppedNote() {
  return <p className="text-xs text-muted italic">You stopped this answer.</p>;
}

const ANSWER_CLASSES =
  'max-w-[92%] rounded-2xl rounded-bl-md border border-line bg-surface px-4 py-3 text-fg';

/**
 * A stored answer. `onRetry` is given for the conversation's last answer when the assistant
 * service failed or broke off and the built-in assistant answered in its place: it asks again.
 */
export function AnswerBubble({ message, onRetry }: { message: ChatMessage; onRetry?: () => void }) {
  return (
    <li className="flex flex-col items-start gap-1">
      <div className={ANSWER_CLASSES}>
        <span className="sr-only">Assistant: </span>
        <AnswerText text={message.content} />
      </div>
      {message.stopped ? <StoppedNote /> : null}
      {message.corrections?.length ? <CorrectionsNote corrections={message.corrections} /> : null}
      <div className="flex flex-wrap items-start gap-1">
        {message.content ? <CopyButton text={message.content} /> : null}
        {onRetry ? (
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs text-muted hover:bg-surface-2 hover:text-fg"
          >
            <RotateCcw aria-hidden="true" className="size-3.5" />
            Retry with the assistant service
          </button>
        ) : null}
        <FactsUsed facts={message.facts} />
      </div>
    </li>
  );
}

/** The answer while it streams (inside the conversation's live region). */
export function StreamingBubble({ text, status }: { text: string; status: PendingStatus }) {
  const streaming = status === 'streaming';
  return (
    <li className="flex flex-col items-start gap-1">
      <div className={cn(ANSWER_CLASSES, !text && !streaming && 'hidden')}>
        <span className="sr-only">Assistant: </span>
        {text ? (
          <AnswerText text={text} />
        ) : (
          <span className="inline-flex gap-1 py-2">
            <span className="sr-only">The assistant is writing…</span>
            {[0, 1, 2].map((dot) => (
              <span
                key={dot}
                aria-hidden="true"
                className="size-1.5 animate-pulse rounded-full bg-muted"
                style={{ animationDelay: `${dot * 150}ms` }}
              />
            ))}
          </span>
        )}
      </div>
      {status === 'stopped' ? <StoppedNote /> : null}
    </li>
  );
}
