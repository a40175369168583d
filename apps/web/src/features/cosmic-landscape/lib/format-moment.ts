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

/** The phase's own name: "waxing-gibbous" -> "Waxing gibbous", "full" -> "Full moon". */
function phaseName(phase: string): string {
  const words = phase === 'new' || phase === 'full' ? `${phase} moon` : phase.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * "Waning gibbous, 88% lit": the phase says once whether the Moon grows or shrinks. Only the new
 * and the full Moon, whose names do not say it, add it ("Full moon, 99% lit and waning").
 */
export function moonPhaseText(moon: { phase: string; illumination: number; waxing: boolean }): string {
  const lit = `${phaseName(moon.phase)}, ${Math.round(moon.illumination * 100)}% lit`;
  if (/waxing|waning|quarter/.test(moon.phase)) return lit;
  return `${lit} and ${moon.waxing ? 'waxing' : 'waning'}`;
}
