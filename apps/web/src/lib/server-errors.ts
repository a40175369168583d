import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { type ErrorMessageOptions, getErrorMessage, getFieldErrors } from './error-messages.ts';

/**
 * Puts a failed call's field problems on the matching form fields and returns the message for the
 * form as a whole (from the error catalogue).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
  options?: ErrorMessageOptions,
): string {
  for (const issue of getFieldErrors(error)) {
    const field = fields.find((name) => name === issue.path);
    if (field) setError(field, { type: 'server', message: issue.message });
  }
  return getErrorMessage(error, options);
}
