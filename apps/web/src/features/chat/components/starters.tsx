import { FIXED_STARTERS } from '@app/contracts/chat.ts';
import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { startersQuery } from '../api/chat-queries.ts';

const STARTER_CLASSES =
  'w-full rounded-xl border border-line bg-surface px-4 py-3 text-left text-sm hover:border-accent hover:bg-surface-2 disabled:opacity-60';

function StarterGroup({
  title,
  questions,
  onAsk,
  disabled,
}: {
  title: string;
  questions: string[];
  onAsk: (question: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-medium text-muted">
        {title}
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {questions.map((question) => (
          <li key={question}>
            <button
              type="button"
              className={STARTER_CLASSES}
              disabled={disabled}
              onClick={() => onAsk(question)}
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The empty conversation: the five fixed starters and up to three made for this person today. */
export function Starters({ onAsk, disabled }: { onAsk: (question: string) => void; disabled: boolean }) {
  const starters = useQuery(startersQuery());
  const tailored = starters.data?.tailored ?? [];
  // The fixed five need no server: offer them even when the suggestions cannot be fetched.
  const fixed = starters.data?.fixed ?? (starters.isError ? [...FIXED_STARTERS] : []);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 py-6">
      <div className="text-center">
        <Sparkles aria-hidden="true" className="mx-auto size-8 text-gold" />
        <h2 className="mt-2 text-xl font-semibold">Ask the stars</h2>
        <p className="mt-1 text-sm text-muted">
          The assistant answers from your own birth chart and today's sky. Pick a question or write your own.
        </p>
      </div>
      {starters.isPending ? (
        <p role="status" className="text-center text-sm text-muted">
          Loading suggestions…
        </p>
      ) : null}
      <StarterGroup title="For you today" questions={tailored} onAsk={onAsk} disabled={disabled} />
      <StarterGroup title="Good first questions" questions={fixed} onAsk={onAsk} disabled={disabled} />
    </div>
  );
}
