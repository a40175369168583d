import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn.ts';
import { CONTROL_CLASSES, FieldFrame } from './field-frame.tsx';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line text box with its hint and error announced. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, error, hint, id, className, rows = 5, ...rest },
  ref,
) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {({ controlId, describedBy }) => (
        <textarea
          ref={ref}
          id={controlId}
          rows={rows}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            CONTROL_CLASSES,
            'min-h-24 py-2.5 leading-relaxed',
            error ? 'border-danger' : 'border-line',
          )}
          {...rest}
        />
      )}
    </FieldFrame>
  );
});
