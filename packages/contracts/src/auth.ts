import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

// Request and response shapes of /api/auth/*. The server validates every body with these
// (unknown fields rejected) and the web forms use the same schemas.

export const RoleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

/**
 * An email address as a person types it: one address, no display name, no list, no quoted local
 * part, no control characters or full-width at sign. Normalised to lower case.
 * (The detailed parser lives in ./email.ts so that server and web share it.)
 */
export { EmailSchema } from './email.ts';

import { EmailSchema } from './email.ts';

/** Characters that show nothing: white space, control (Cc) and format (Cf) characters. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}]/gu;
/** Fewer different characters than this makes a password a repetition (aaaaaaaa, abababab). */
const PASSWORD_MIN_DISTINCT = 4;
export const PASSWORD_INVISIBLE_MESSAGE = 'Password cannot be made only of spaces or invisible characters.';
export const PASSWORD_REPETITIVE_MESSAGE = `Password is too repetitive: use at least ${PASSWORD_MIN_DISTINCT} different characters.`;

/** Why a password is too weak to accept, beyond its length, or undefined when it is fine. */
function passwordWeakness(password: string): string | undefined {
  if (password.replace(INVISIBLE, '') === '') return PASSWORD_INVISIBLE_MESSAGE;
  if (new Set(password).size < PASSWORD_MIN_DISTINCT) return PASSWORD_REPETITIVE_MESSAGE;
  return undefined;
}

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .superRefine((password, ctx) => {
    const weakness = passwordWeakness(password);
    if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
  });

export const NAME_CHARACTERS_MESSAGE =
  'Name cannot contain control characters, line breaks or hidden formatting.';
export const NAME_INVISIBLE_MESSAGE = 'Please enter your name with visible characters.';

/**
 * Control and format characters (Unicode Cc/Cf: NUL, line breaks, right-to-left overrides) let a
 * name pose as other text. Zero-width joiner and non-joiner are kept: Persian, Indic and emoji
 * spellings need them between visible characters.
 */
const HIDDEN_IN_NAME = /(?![\u200c\u200d])[\p{Cc}\p{Cf}]/u;

/** Why a name (already trimmed) cannot be shown as given, or undefined when it can. */
function nameProblem(name: string): string | undefined {
  if (HIDDEN_IN_NAME.test(name)) return NAME_CHARACTERS_MESSAGE;
  if (name !== '' && name.replace(INVISIBLE, '') === '') return NAME_INVISIBLE_MESSAGE;
  return undefined;
}

export const NameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your name.')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters.`)
  .superRefine(refuseUnshowableName);

/** A zod refinement that refuses what nameProblem refuses (shared by every form with a name). */
export function refuseUnshowableName(name: string, ctx: z.RefinementCtx): void {
  const problem = nameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const RegisterBodySchema = z.strictObject({
  email: EmailSchema,
  name: NameSchema,
  password: PasswordSchema,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.strictObject({
  email: EmailSchema,
  password: z.string().min(1, 'Please enter your password.').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const AuthResultSchema = z.object({ success: z.literal(true), token: z.string(), user: UserSchema });
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const ProfileResultSchema = z.object({ success: z.literal(true), user: UserSchema });
export type ProfileResult = z.infer<typeof ProfileResultSchema>;

export const UpdateProfileBodySchema = z.strictObject({ name: NameSchema });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const ChangePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'Please enter your current password.').max(PASSWORD_MAX_LENGTH),
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const EmailOnlyBodySchema = z.strictObject({ email: EmailSchema });
export type EmailOnlyBody = z.infer<typeof EmailOnlyBodySchema>;

/** Secrets mailed in links: 256 bits, base64url, 43 characters. */
export const LinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is invalid or incomplete.');

export const ResetPasswordBodySchema = z.strictObject({
  token: LinkTokenSchema,
  newPassword: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const LinkTokenParamsSchema = z.strictObject({ token: LinkTokenSchema });

export const VerifyResetTokenResultSchema = z.object({
  success: z.literal(true),
  valid: z.literal(true),
  email: z.string(),
});

const SessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionListSchema = z.object({ success: z.literal(true), sessions: z.array(SessionSchema) });
export type SessionList = z.infer<typeof SessionListSchema>;

export const SessionParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

export const DeleteAccountBodySchema = z.strictObject({
  password: z.string().min(1, 'Please enter your password to confirm.').max(PASSWORD_MAX_LENGTH),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/** GET /api/auth/export: everything the product keeps about the person, as JSON. */
export const AccountExportSchema = z.object({
  success: z.literal(true),
  exportedAt: z.string(),
  user: UserSchema,
  sessions: z.array(SessionSchema),
  /** Data kept by other parts of the product, one entry per part (for example birth data). */
  sections: z.record(z.string(), z.unknown()),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

// Second factor (TOTP, RFC 6238: 6 digits, 30 s), required of admins before the admin area answers.

export const MfaStatusSchema = z.object({
  /** A confirmed authenticator is set up for the account. */
  enrolled: z.boolean(),
  /** This session has passed the second factor. */
  verified: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

export const MfaEnrollSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type MfaEnroll = z.infer<typeof MfaEnrollSchema>;

export const MfaVerifyBodySchema = z.strictObject({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app.' })
    .transform((code) => code.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(
          /^(\d{6}|[a-z0-9]{10})$/i,
          'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
        ),
    ),
});

export const MfaVerifySchema = z.object({
  /** A new token when the session was replaced (never today: the session itself is upgraded). */
  token: z.string().optional(),
  /** Shown once, right after enrolment is confirmed. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type MfaVerify = z.infer<typeof MfaVerifySchema>;
