import type { Landscape } from '@app/contracts/landscape.ts';
import { cn } from '../../../components/ui/cn.ts';
import { formatCalendarDate } from '../../../lib/format-date.ts';

/** The last days, newest first; choosing one shows that day's landscape. */
export function HistoryList({
  days,
  today,
  selected,
  onSelect,
}: {
  days: Landscape[];
  today: string | undefined;
  selected: string | undefined;
  onSelect: (date: string) => void;
}) {
  if (days.length === 0) return <p className="text-sm text-muted">Your past days will appear here.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {days.map((day) => {
        const current = day.date === selected;
        return (
          <li key={day.date}>
            <button
              type="button"
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(day.date)}
              className={cn(
                'w-full rounded-xl border px-3 py-2 text-left transition-colors',
                current ? 'border-accent bg-accent-soft' : 'border-line bg-surface hover:bg-surface-2',
              )}
            >
              <span className="block text-xs font-medium text-muted">
                {day.date === today ? 'Today' : formatCalendarDate(day.date)}
              </span>
              <span className="block text-sm">{day.headline}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
