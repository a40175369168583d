import { ChevronDown } from 'lucide-react';
import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from './cn.ts';
import { CONTROL_CLASSES, FieldFrame } from './field-frame.tsx';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty first choice, shown until one is picked. */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled native select: keyboard, screen reader and mobile pickers work as people expect. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, placeholder, error, hint, id, className, ...rest },
  ref,
) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {({ controlId, describedBy }) => (
        <div className="relative">
          <select
            ref={ref}
            id={controlId}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cn(
              CONTROL_CLASSES,
              'h-11 appearance-none pr-10',
              error ? 'border-danger' : 'border-line',
            )}
            {...rest}
          >
            {placeholder !== undefined ? (
              <option value="" disabled>
                {placeholder}
              </option>
            ) : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted"
          />
        </div>
      )}
    </FieldFrame>
  );
});
