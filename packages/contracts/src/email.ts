import { z } from 'zod';

const EMAIL_MAX_LENGTH = 254;

// Dot-atom local part (RFC 5322 atext without quoting) and a DNS host name with a letter TLD.
// Quoted local parts are refused outright: they allow '@' and spaces inside the local part and are
// a classic source of parser disagreement between us and mail servers.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;
const TOP_LEVEL = /^[\p{L}]{2,63}$|^xn--[a-z0-9-]{1,59}$/iu;

export type EmailProblem =
  | 'empty'
  | 'too-long'
  | 'forbidden-character'
  | 'not-one-address'
  | 'bad-local-part'
  | 'bad-domain';

/** Returns the normalised address, or the reason it is not a single plain address. */
export function parseEmail(
  input: string,
): { ok: true; email: string } | { ok: false; problem: EmailProblem } {
  const value = input.trim();
  if (value.length === 0) return { ok: false, problem: 'empty' };
  if (value.length > EMAIL_MAX_LENGTH) return { ok: false, problem: 'too-long' };
  // Control characters (CR/LF header injection), the full-width at sign and look-alikes, white space,
  // quoting and angle brackets never belong in a plain address.
  if (/[\p{Cc}\p{Cf}\s"<>()[\]\\,;:\uFF20\uFE6B]/u.test(value))
    return { ok: false, problem: 'forbidden-character' };
  const parts = value.split('@');
  if (parts.length !== 2) return { ok: false, problem: 'not-one-address' };
  const [local = '', domain = ''] = parts;
  if (local.length === 0 || local.length > 64 || !LOCAL_PART.test(local))
    return { ok: false, problem: 'bad-local-part' };
  const labels = domain.split('.');
  if (labels.length < 2 || domain.length > 253 || !labels.every((label) => DOMAIN_LABEL.test(label))) {
    return { ok: false, problem: 'bad-domain' };
  }
  if (!TOP_LEVEL.test(labels[labels.length - 1] ?? '')) return { ok: false, problem: 'bad-domain' };
  return { ok: true, email: value.toLowerCase() };
}

export const EmailSchema = z
  .string({ error: 'Please enter your email address.' })
  .max(EMAIL_MAX_LENGTH + 64, 'Please enter a valid email address.')
  .transform((raw, ctx) => {
    const parsed = parseEmail(raw);
    if (!parsed.ok) {
      ctx.addIssue({
        code: 'custom',
        message:
          parsed.problem === 'empty'
            ? 'Please enter your email address.'
            : 'Please enter a valid email address.',
      });
      return z.NEVER;
    }
    return parsed.email;
  });
