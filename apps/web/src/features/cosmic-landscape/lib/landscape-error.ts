import { getErrorMessage } from '../../../lib/error-messages.ts';
import { LANDSCAPE_FALLBACKS } from '../api/landscape-answer.ts';

/** The message for a failed landscape call: the server's text, else the call's own fallback. */
export function landscapeError(error: unknown, call: keyof typeof LANDSCAPE_FALLBACKS): string {
  return getErrorMessage(error, { fallback: LANDSCAPE_FALLBACKS[call] });
}
