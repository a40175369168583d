/** "Tue 24 Nov, 14:05" in the landscape's zone, so the times match the person's day. */
export function formatMoment(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** "14:05" in the landscape's zone. */
export function formatClock(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** "waxing-gibbous" -> "Waxing gibbous". */
export function phaseLabel(phase: string): string {
  const words = phase.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
