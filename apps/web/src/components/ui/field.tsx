import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { cn } from './cn.ts';
import { CONTROL_CLASSES, FieldFrame } from './field-frame.tsx';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

const INPUT_CLASSES = `h-11 ${CONTROL_CLASSES}`;

/** A labelled input with its hint and error announced to assistive technology. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, id, className, type = 'text', ...rest },
  ref,
) {
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';

  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {({ controlId, describedBy }) => (
        <div className="relative">
          <input
            ref={ref}
            id={controlId}
            type={isPassword && revealed ? 'text' : type}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cn(INPUT_CLASSES, error ? 'border-danger' : 'border-line', isPassword && 'pr-12')}
            {...rest}
          />
          {isPassword ? (
            <button
              type="button"
              onClick={() => setRevealed((value) => !value)}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-muted hover:text-fg"
              aria-label={revealed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
              aria-pressed={revealed}
            >
              {revealed ? (
                <EyeOff aria-hidden="true" className="size-4" />
              ) : (
                <Eye aria-hidden="true" className="size-4" />
              )}
            </button>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
});
