import { z } from 'zod';

/** Machine-readable error codes carried in every error body next to the user-facing message. */
const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'WEAK_PASSWORD',
  'WRONG_PASSWORD',
  'INVALID_TOKEN',
  'EMAIL_NOT_VERIFIED',
  'PAYMENT_REQUIRED',
  'PLACE_NOT_FOUND',
  'PLACE_AMBIGUOUS',
  'TIME_AMBIGUOUS',
  'TIME_SKIPPED',
  'PAYMENT_FAILED',
  'BIRTH_DATA_REQUIRED',
  'MFA_REQUIRED',
  'PLAN_UPGRADE_REQUIRED',
  'MFA_ENROLMENT_REQUIRED',
  'INVALID_CODE',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** `{ success: false, error, code, details? }`: the one shape of every error answer. */
const ErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: ErrorCodeSchema,
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Field-level problems, as carried in `details` of a VALIDATION_FAILED answer. */
const FieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

// docs/requirements/errors-and-messages.md, the error catalogue: the one copy of its texts, for the
// server and the web app.

/** What the user reads for a status when nothing more specific is said. */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Invalid request. Please check your information and try again.',
  401: 'Authentication required. Please log in again.',
  403: "Access denied. You don't have permission to perform this action.",
  404: 'Resource not found. Please try again.',
  409: 'Conflict. This action cannot be completed due to a conflict with the current state.',
  422: 'Validation error. Please check your input and try again.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Server error. Please try again later.',
  503: 'Service temporarily unavailable. Please try again in a moment.',
};
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection and try again.';
export const TIMEOUT_ERROR_MESSAGE = 'Request timeout. Please try again.';

/** The catalogue's text for an HTTP status ("An unexpected error occurred." for any other). */
export function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? UNEXPECTED_ERROR_MESSAGE;
}

export const OkMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type OkMessage = z.infer<typeof OkMessageSchema>;
