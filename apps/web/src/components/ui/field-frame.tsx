import { type ReactNode, useId } from 'react';
import { cn } from './cn.ts';

/** The ids that tie a control to its label, hint and error, so assistive technology reads them. */
export interface FieldIds {
  controlId: string;
  describedBy: string | undefined;
}

/**
 * Label above, hint and error below: the frame of every labelled control (inputs, text areas,
 * selects, the place search). The control itself is rendered by `children` with the ids it must carry.
 */
export function FieldFrame({
  label,
  hint,
  error,
  id,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  id?: string;
  className?: string;
  children: (ids: FieldIds) => ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children({ controlId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's error under it, tied to the control by its id (aria-describedby). */
export function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-danger">
      {message}
    </p>
  ) : null;
}

export const CONTROL_CLASSES =
  'w-full rounded-xl border bg-surface px-3.5 text-base text-fg placeholder:text-muted/70 transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';
