import { useMutation } from '@tanstack/react-query';
import { CalendarPlus, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { createCalendarLink } from '../api/create-calendar-link.ts';

/** A private calendar feed of the coming exact transits, shown once with a copy button. */
export function CalendarSubscribe() {
  const fieldId = useId();
  const create = useMutation({ mutationFn: createCalendarLink });
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const url = create.data;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url ?? '');
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        Add your exact transits for the coming weeks to any calendar app that can subscribe to an address
        (.ics).
      </p>
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => {
          setCopied(null);
          create.mutate();
        }}
        loading={create.isPending}
        loadingText="Creating…"
        icon={<CalendarPlus aria-hidden="true" className="size-4" />}
      >
        {url ? 'Create another address' : 'Create a calendar address'}
      </Button>
      {url ? (
        <>
          <label htmlFor={fieldId} className="text-sm font-medium">
            Your private calendar address
          </label>
          <div className="flex gap-2">
            <input
              id={fieldId}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-xl border border-line bg-surface-2 px-3 py-2 font-mono text-xs"
            />
            <Button size="sm" onClick={copy} icon={<Copy aria-hidden="true" className="size-4" />}>
              Copy
            </Button>
          </div>
          <p role="status" className="text-sm">
            {copied === 'yes'
              ? 'Copied.'
              : copied === 'failed'
                ? 'Copy failed: select the address and copy it.'
                : ''}
          </p>
          <Alert title="Keep this address private">
            It is shown only this once. Anyone with it can read your transits. Creating a new address stops
            the previous one working.
          </Alert>
        </>
      ) : null}
      {create.isError ? <Alert tone="error">{getErrorMessage(create.error)}</Alert> : null}
    </div>
  );
}
