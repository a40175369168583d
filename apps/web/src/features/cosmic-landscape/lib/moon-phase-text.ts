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
