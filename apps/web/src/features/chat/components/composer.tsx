import { CHAT_MESSAGE_MAX } from '@app/contracts/chat.ts';
import { SendHorizontal, Square } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** The message box: Enter sends, Shift+Enter starts a new line; Stop replaces Send while an answer streams. */
export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  streaming,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  disabled: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const empty = value.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty && !streaming && !disabled) onSend();
  };
  return (
    <form onSubmit={submit} className="mx-auto flex w-full max-w-3xl items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          Your question
        </label>
        <textarea
          id={id}
          rows={2}
          value={value}
          maxLength={CHAT_MESSAGE_MAX}
          aria-describedby={hintId}
          placeholder="Ask about your chart or today's sky…"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
          }}
          className="block max-h-48 min-h-12 w-full resize-y rounded-xl border border-line bg-surface px-3 py-2.5 text-base text-fg placeholder:text-muted sm:text-sm"
        />
        <p id={hintId} className="sr-only">
          Enter sends, Shift and Enter starts a new line.
        </p>
      </div>
      {streaming ? (
        <Button variant="secondary" onClick={onStop} icon={<Square aria-hidden="true" className="size-4" />}>
          Stop
        </Button>
      ) : (
        <Button
          type="submit"
          disabled={empty || disabled}
          icon={<SendHorizontal aria-hidden="true" className="size-4" />}
        >
          Send
        </Button>
      )}
    </form>
  );
}
