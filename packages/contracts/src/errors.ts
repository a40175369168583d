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

export const OkMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type OkMessage = z.infer<typeof OkMessageSchema>;
