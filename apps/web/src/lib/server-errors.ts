import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { type ErrorMessageOptions, getErrorMessage, getFieldErrors } from './error-messages.ts';

/**
 * Puts a failed call's field problems on the matching form fields and returns the message for the
 * form as a whole (from the error catalogue), or null when that message already stands under a
 * field: one problem is said once.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
  options?: ErrorMessageOptions,
): string | null {
  const placed = new Set<string>();
  for (const issue of getFieldErrors(error)) {
    const field = fields.find((name) => name === issue.path);
    if (!field) continue;
    // Focus moves to the first field at fault, so a screen reader reads its message out.
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: placed.size === 0 });
    placed.add(issue.message);
  }
  const message = getErrorMessage(error, options);
  return placed.has(message) ? null : message;
}
