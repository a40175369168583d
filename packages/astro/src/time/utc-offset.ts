// UTC offsets as people write them ("+01:00", "-4:56:02", "UTC+5:30") and as charts print them.
// No zone data here, so the web form can use it without loading the time-zone history.

/** "+0:21:18", "-5:00", "+1:00": hours, minutes, and seconds when there are any. */
export function formatUtcOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const total = Math.abs(Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${sign}${h}:${String(m).padStart(2, '0')}${s ? `:${String(s).padStart(2, '0')}` : ''}`;
}

// "+1", "+01:00", "+0:21:18", or without colons "+0100", "+002118" (two-digit hours then).
const OFFSET_PATTERN =
  /^(?:UTC|GMT)?\s*([+\-−])\s*(?:(\d{1,2})(?::([0-5]\d)(?::([0-5]\d))?)?|(\d{2})([0-5]\d)([0-5]\d)?)$/i;

/**
 * Seconds east of Greenwich from "+01:00", "+0100", "+1", "-4:56:02" or "UTC−05:00" (a sign is
 * required, so "1:00" is not mistaken for a time of day); undefined when the text is not an offset.
 */
export function parseUtcOffset(text: string): number | undefined {
  const m = OFFSET_PATTERN.exec(text.trim());
  if (!m) return undefined;
  const [h, min, sec] = m[2] !== undefined ? [m[2], m[3], m[4]] : [m[5], m[6], m[7]];
  const seconds = Number(h) * 3600 + Number(min ?? 0) * 60 + Number(sec ?? 0);
  return m[1] === '+' || seconds === 0 ? seconds : -seconds;
}
