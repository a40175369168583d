import type { Landscape, LandscapeStatus } from '@app/contracts/landscape.ts';
import { ChevronDown, History } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { HistoryList } from './history-list.tsx';
import { offersAnotherReading, RegenerateButton, RegenerateNote } from './regenerate-control.tsx';

/**
 * The actions on the day, in one compact row under the headline: another reading of today and
 * the past days (a list that folds open under the row), with what they answered.
 */
export function DayActions({
  status,
  statusError,
  regenerating,
  regenerateError,
  onRegenerate,
  announcement,
  history,
  historyError,
  today,
  selected,
  onSelect,
}: {
  status: LandscapeStatus | undefined;
  statusError: string | null;
  regenerating: boolean;
  regenerateError: string | null;
  onRegenerate: () => void;
  /** What the last action did ("A new reading of today is ready."). */
  announcement: string;
  history: Landscape[];
  historyError: string | null;
  today: string | undefined;
  selected: string | undefined;
  onSelect: (date: string) => void;
}) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const noteId = useId();
  const historyId = useId();
  const noteRef = useRef<HTMLParagraphElement>(null);
  const offered = offersAnotherReading(status);
  const asked = useRef(false);
  useEffect(() => {
    // Asking took the button away (no other reading) and the focus with it: the focus goes to why.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (asked.current && !offered && lost) noteRef.current?.focus();
    if (!offered) asked.current = false;
  }, [offered]);
  const ask = () => {
    asked.current = true;
    onRegenerate();
  };
  return (
    <div className="mt-4 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <RegenerateButton status={status} pending={regenerating} onRegenerate={ask} noteId={noteId} />
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={historyOpen}
          aria-controls={historyId}
          onClick={() => setHistoryOpen(!historyOpen)}
          icon={<History aria-hidden="true" className="size-4" />}
        >
          History
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 transition-transform', historyOpen && 'rotate-180')}
          />
        </Button>
      </div>
      <RegenerateNote status={status} id={noteId} ref={noteRef} />
      <p role="status" aria-live="polite" className="text-sm">
        {announcement}
      </p>
      {regenerateError ? <Alert tone="error">{regenerateError}</Alert> : null}
      {statusError ? <p className="text-sm text-danger">{statusError}</p> : null}
      <section
        id={historyId}
        hidden={!historyOpen}
        aria-labelledby="history-heading"
        className="rounded-2xl border border-line bg-surface p-3"
      >
        <h3 id="history-heading" className="sr-only">
          History
        </h3>
        <HistoryList days={history} today={today} selected={selected} onSelect={onSelect} />
        {historyError ? <p className="mt-2 text-sm text-danger">{historyError}</p> : null}
      </section>
    </div>
  );
}
