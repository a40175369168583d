// Plain-text chart output for the command line.
import { ANGLE_LABELS, BODY_LABELS, SIGN_LABELS } from '../src/chart/labels.ts';
import type { NatalChart } from '../src/chart/natal-chart.ts';
import { zodiacLabel } from '../src/chart/sidereal.ts';
import { degreeMinuteOf, signOf } from '../src/chart/zodiac.ts';
import { formatUtcOffset } from '../src/time/utc-offset.ts';

export const GLYPH_NAMES: Record<string, string> = { ...BODY_LABELS, ...ANGLE_LABELS };

/** Degrees and minutes within the sign, as the API and the web app show them. */
export function dms(longitude: number): string {
  const { degree, minute } = degreeMinuteOf(longitude);
  return `${String(degree).padStart(2)}°${String(minute).padStart(2, '0')}'`;
}

function signName(longitude: number): string {
  return SIGN_LABELS[signOf(longitude)];
}

export const position = (longitude: number) => `${dms(longitude)} ${signName(longitude).padEnd(11)}`;

/** Degrees, minutes and seconds of an angle below 360°. */
export function dmsFull(angle: number): string {
  const totalSeconds = Math.round(angle * 3600);
  const deg = Math.floor(totalSeconds / 3600);
  const min = Math.floor((totalSeconds % 3600) / 60);
  return `${deg}°${String(min).padStart(2, '0')}'${String(totalSeconds % 60).padStart(2, '0')}"`;
}

export function formatChart(
  chart: NatalChart,
  { title = 'Chart for', placeName }: { title?: string; placeName?: string } = {},
): string {
  const lines: string[] = [];
  const m = chart.moment;
  lines.push(
    m.localTime
      ? `${title} ${m.localTime.replace('T', ' ')} ${m.zoneAbbreviation} (${m.zone}) = ${m.utc} UT`
      : `${title} ${m.utc} UT`,
  );
  // Before standard time the clock was the birthplace's own: say so, with its offset.
  const where = placeName ?? `${chart.latitude.toFixed(2)}, ${chart.longitude.toFixed(2)}`;
  if (m.timeBasis?.kind === 'local-mean-time')
    lines.push(
      `Time read as the local mean time of ${where} (${formatUtcOffset(m.timeBasis.offsetSeconds)})`,
    );
  else if (m.timeBasis?.kind === 'stated-offset')
    lines.push(`Time read at the stated offset UTC${formatUtcOffset(m.timeBasis.offsetSeconds)}`);
  lines.push(
    `Coordinates: latitude ${chart.latitude.toFixed(4)}, longitude ${chart.longitude.toFixed(4)}; ΔT ${m.deltaTSeconds.toFixed(1)} s`,
  );
  if (chart.ayanamsa !== null) {
    lines.push(`Zodiac: ${zodiacLabel(chart.zodiac)}, ayanamsa ${dmsFull(chart.ayanamsa)}`);
  }
  lines.push('');
  lines.push('Body         Position             House  Motion      Dignity');
  for (const b of chart.bodies) {
    lines.push(
      `${GLYPH_NAMES[b.body]!.padEnd(12)} ${position(b.longitude)}  ${b.house === null ? '  -' : String(b.house).padStart(3)}    ${(b.retrograde ? 'retrograde' : '').padEnd(10)}  ${b.dignities.join(', ')}`,
    );
  }
  if (chart.angles && chart.houses) {
    lines.push('');
    lines.push(`Ascendant    ${position(chart.angles.ascendant)}`);
    lines.push(`Midheaven    ${position(chart.angles.midheaven)}`);
    lines.push(`Vertex       ${position(chart.angles.vertex)}`);
    lines.push('');
    lines.push(`Houses (${chart.houses.system}):`);
    if (chart.houses.fallbackReason) lines.push(`  ${chart.houses.fallbackReason}`);
    chart.houses.cusps.forEach((c, i) => {
      lines.push(`  ${String(i + 1).padStart(2)}  ${position(c)}`);
    });
  } else if (chart.housesOmittedReason) {
    lines.push('');
    lines.push(chart.housesOmittedReason);
  }
  lines.push('');
  lines.push('Aspects:');
  for (const a of chart.aspects) {
    lines.push(
      `  ${GLYPH_NAMES[a.a]!.padEnd(10)} ${a.kind.padEnd(12)} ${GLYPH_NAMES[a.b]!.padEnd(10)} orb ${dms(Math.abs(a.deviation)).trim()} ${a.motion}`,
    );
  }
  lines.push('');
  const e = chart.elements;
  const q = chart.modalities;
  lines.push(`Elements: fire ${e.fire}, earth ${e.earth}, air ${e.air}, water ${e.water}`);
  lines.push(`Modalities: cardinal ${q.cardinal}, fixed ${q.fixed}, mutable ${q.mutable}`);
  if (chart.chartRuler) {
    const r = chart.chartRuler;
    lines.push(
      `Chart ruler: ${GLYPH_NAMES[r.modern]}${r.traditional !== r.modern ? ` (traditional: ${GLYPH_NAMES[r.traditional]})` : ''}`,
    );
  }
  if (chart.moonPhase) {
    lines.push(
      `Moon phase: ${chart.moonPhase.name.replace('-', ' ')}, ${Math.round(chart.moonPhase.illumination * 100)}% lit`,
    );
  }
  return lines.join('\n');
}
