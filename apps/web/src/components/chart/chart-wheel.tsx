import {
  BODY_NAMES,
  type BodyName,
  type NatalChart,
  SIGN_NAMES,
  type SignName,
  type ZodiacPosition,
} from '@app/contracts/chart.ts';
import { useId } from 'react';
import {
  ASPECT_COLOURS,
  ASPECT_LABELS,
  BODY_GLYPHS,
  BODY_LABELS,
  describePosition,
  GLYPH_FONT,
  pointLabel,
  SIGN_GLYPHS,
  SIGN_LABELS,
} from './chart-symbols.ts';
import { norm360, spreadLabels } from './spread-labels.ts';

// The natal chart wheel: zodiac ring outside, house cusps, the bodies (labels spread so they never
// overlap, with leader lines to their true places) and aspect lines in the middle. The Ascendant is
// on the left, as on a printed chart; without a birth time 0° Aries is.

const C = 200;
const R_OUTER = 196;
const R_ZODIAC = 166;
const R_GLYPH = 147;
const R_DEGREE = 127;
const R_RETRO = 114;
const R_HOUSE_RING = 102;
const R_ASPECT = 86;
/** The outer ring of a bi-wheel (another moment's sky around the natal chart). */
const R_SKY_GLYPH = R_OUTER + 24;
const R_SKY_OUTER = R_OUTER + 42;
/** The AC and MC labels stand just outside the wheel, on their axis. */
const R_ANGLE_LABEL = R_OUTER + 10;
/**
 * Half the picture's side: the angle labels' centre, the half-width of two bold 12-unit capitals
 * (about 9) and a margin of 8, so "AC" never touches the picture's edge, wherever the axis points.
 */
const HALF_VIEW = R_ANGLE_LABEL + 9 + 8;
/** A bi-wheel's outer ring reaches further. */
const HALF_VIEW_SKY = R_SKY_OUTER + 10;
const viewBox = (half: number) => `${C - half} ${C - half} ${2 * half} ${2 * half}`;
/** Smallest angle between two body glyphs on the wheel, degrees. */
export const WHEEL_LABEL_GAP = 10;

/** The points drawn on the wheel: every body but the mean node (the true node stands for both). */
export const WHEEL_BODIES: readonly BodyName[] = BODY_NAMES.filter((body) => body !== 'meanNode');

const ELEMENT_OF_SIGN = ['fire', 'earth', 'air', 'water'] as const;
const ELEMENT_COLOURS = { fire: '#e5484d', earth: '#16a34a', air: '#d97706', water: '#0ea5e9' };

function point(longitude: number, radius: number, rotation: number): [number, number] {
  const theta = ((180 + longitude - rotation) * Math.PI) / 180;
  return [C + radius * Math.cos(theta), C - radius * Math.sin(theta)];
}

const fixed = (n: number) => Math.round(n * 100) / 100;

/** A body of the outer ring: where it stands and whether it moves backwards. */
export interface SkyPoint {
  body: string;
  longitude: number;
  retrograde: boolean;
}

/** A longitude as a position in its sign. */
export function zodiacPosition(longitude: number): ZodiacPosition {
  const lon = norm360(longitude);
  const within = lon % 30;
  const minutes = Math.floor(within * 60);
  return {
    longitude: lon,
    sign: SIGN_NAMES[Math.floor(lon / 30)]!,
    degree: Math.floor(minutes / 60),
    minute: minutes % 60,
  };
}

function shownSky(sky: readonly SkyPoint[]): SkyPoint[] {
  return sky.filter((point) => WHEEL_BODIES.includes(point.body as BodyName));
}

/** The outer ring's sentence for screen readers. */
function skySummary(sky: readonly SkyPoint[], label: string): string {
  const bodies = shownSky(sky).map(
    (point) =>
      `${BODY_LABELS[point.body as BodyName]} ${describePosition(zodiacPosition(point.longitude))}${point.retrograde ? ', retrograde' : ''}`,
  );
  return `Outer ring, ${label}: ${bodies.join('; ')}.`;
}

/**
 * What the wheel draws of a chart: a natal chart, or a chart derived from two (the composite),
 * which has no speeds, latitudes or dignities of its own.
 */
export interface WheelChart {
  bodies: readonly Pick<
    NatalChart['bodies'][number],
    'id' | 'longitude' | 'sign' | 'degree' | 'minute' | 'house' | 'retrograde'
  >[];
  angles: Pick<NonNullable<NatalChart['angles']>, 'ascendant' | 'midheaven'> | null;
  cusps: NatalChart['cusps'];
  aspects: readonly Pick<NatalChart['aspects'][number], 'a' | 'b' | 'kind' | 'exactness'>[];
}

/** One sentence a screen reader can read instead of the picture. */
export function wheelSummary(chart: WheelChart, name = 'Natal chart wheel'): string {
  const bodies = chart.bodies
    .filter((body) => WHEEL_BODIES.includes(body.id))
    .map(
      (body) =>
        `${BODY_LABELS[body.id]} ${describePosition(body)}${body.house ? `, house ${body.house}` : ''}`,
    );
  const angles = chart.angles
    ? `Ascendant ${describePosition(chart.angles.ascendant)}, Midheaven ${describePosition(chart.angles.midheaven)}. `
    : 'No Ascendant or houses: the birth time is unknown. ';
  return `${name}. ${angles}${bodies.join('; ')}. ${chart.aspects.length} aspects, listed in the aspect table.`;
}

export function ChartWheel({
  chart,
  sky,
  skyLabel = "today's sky",
  name,
}: {
  chart: WheelChart;
  /** What the picture is, for screen readers ("Composite chart wheel"); a natal chart by default. */
  name?: string;
  /** Draws a second ring outside the zodiac (a bi-wheel). */
  sky?: readonly SkyPoint[];
  skyLabel?: string;
}) {
  const titleId = useId();
  const rotation = chart.angles?.ascendant.longitude ?? 0;
  const at = (longitude: number, radius: number) => point(longitude, radius, rotation);
  const shown = chart.bodies.filter((body) => WHEEL_BODIES.includes(body.id));
  const display = spreadLabels(
    shown.map((body) => body.longitude),
    WHEEL_LABEL_GAP,
  );
  const anchors = new Map<string, number>(shown.map((body) => [body.id, body.longitude]));
  if (chart.angles) {
    anchors.set('ascendant', chart.angles.ascendant.longitude);
    anchors.set('midheaven', chart.angles.midheaven.longitude);
  }
  const aspects = chart.aspects.filter(
    (a) => a.kind !== 'conjunction' && anchors.has(a.a) && anchors.has(a.b),
  );

  return (
    <svg
      viewBox={viewBox(sky ? HALF_VIEW_SKY : HALF_VIEW)}
      role="img"
      aria-labelledby={titleId}
      className="mx-auto block h-auto w-full max-w-[34rem] select-none text-fg"
      data-testid="chart-wheel"
    >
      <title id={titleId}>
        {sky ? `${wheelSummary(chart, name)} ${skySummary(sky, skyLabel)}` : wheelSummary(chart, name)}
      </title>
      {sky ? <SkyRing sky={sky} rotation={rotation} /> : null}
      <circle cx={C} cy={C} r={R_OUTER} className="fill-surface-2 stroke-line" strokeWidth={1} />
      {SIGN_NAMES.map((sign: SignName, index) => {
        const [x1, y1] = at(index * 30, R_ZODIAC);
        const [x2, y2] = at(index * 30, R_OUTER);
        const [gx, gy] = at(index * 30 + 15, (R_OUTER + R_ZODIAC) / 2);
        const colour = ELEMENT_COLOURS[ELEMENT_OF_SIGN[index % 4]!];
        return (
          <g key={sign}>
            <line
              x1={fixed(x1)}
              y1={fixed(y1)}
              x2={fixed(x2)}
              y2={fixed(y2)}
              className="stroke-line"
              strokeWidth={1}
            />
            <text
              x={fixed(gx)}
              y={fixed(gy)}
              fontSize={19}
              fontFamily={GLYPH_FONT}
              textAnchor="middle"
              dominantBaseline="central"
              fill={colour}
            >
              <title>{SIGN_LABELS[sign]}</title>
              {SIGN_GLYPHS[sign]}
            </text>
          </g>
        );
      })}
      {Array.from({ length: 72 }, (_, i) => {
        const longitude = i * 5;
        const [x1, y1] = at(longitude, R_ZODIAC);
        const [x2, y2] = at(longitude, R_ZODIAC + (longitude % 10 === 0 ? 5 : 3));
        return (
          <line
            key={longitude}
            x1={fixed(x1)}
            y1={fixed(y1)}
            x2={fixed(x2)}
            y2={fixed(y2)}
            className="stroke-muted"
            strokeWidth={0.6}
          />
        );
      })}
      <circle cx={C} cy={C} r={R_ZODIAC} className="fill-surface stroke-line" strokeWidth={1} />
      <circle cx={C} cy={C} r={R_HOUSE_RING} fill="none" className="stroke-line" strokeWidth={0.8} />
      <circle cx={C} cy={C} r={R_ASPECT} className="fill-surface-2 stroke-line" strokeWidth={0.8} />

      {chart.cusps?.map((cusp, index) => {
        const next = chart.cusps![(index + 1) % 12]!;
        const isAngle = cusp.house === 1 || cusp.house === 10 || cusp.house === 4 || cusp.house === 7;
        const [x1, y1] = at(cusp.longitude, R_ASPECT);
        const [x2, y2] = at(cusp.longitude, R_ZODIAC);
        const middle = cusp.longitude + norm360(next.longitude - cusp.longitude) / 2;
        const [nx, ny] = at(middle, (R_HOUSE_RING + R_ASPECT) / 2);
        return (
          <g key={cusp.house} data-cusp={cusp.house}>
            <line
              x1={fixed(x1)}
              y1={fixed(y1)}
              x2={fixed(x2)}
              y2={fixed(y2)}
              className={isAngle ? 'stroke-fg' : 'stroke-muted'}
              strokeWidth={isAngle ? 1.6 : 0.7}
              strokeOpacity={isAngle ? 0.9 : 0.6}
            />
            <text
              x={fixed(nx)}
              y={fixed(ny)}
              fontSize={10}
              textAnchor="middle"
              dominantBaseline="central"
              className="fill-muted"
            >
              {cusp.house}
            </text>
          </g>
        );
      })}
      {chart.angles
        ? (
            [
              ['AC', chart.angles.ascendant.longitude],
              ['MC', chart.angles.midheaven.longitude],
            ] as const
          ).map(([label, longitude]) => {
            const [x1, y1] = at(longitude, R_ZODIAC);
            const [x2, y2] = at(longitude, R_OUTER + 3);
            const [lx, ly] = at(longitude, R_ANGLE_LABEL);
            return (
              <g key={label}>
                <line
                  x1={fixed(x1)}
                  y1={fixed(y1)}
                  x2={fixed(x2)}
                  y2={fixed(y2)}
                  className="stroke-fg"
                  strokeWidth={1.6}
                />
                <text
                  x={fixed(lx)}
                  y={fixed(ly)}
                  fontSize={12}
                  fontWeight={600}
                  textAnchor="middle"
                  dominantBaseline="central"
                  className="fill-fg"
                >
                  {label}
                </text>
              </g>
            );
          })
        : null}

      <g data-testid="aspect-lines">
        {aspects.map((aspect) => {
          const [x1, y1] = at(anchors.get(aspect.a)!, R_ASPECT);
          const [x2, y2] = at(anchors.get(aspect.b)!, R_ASPECT);
          const minor = aspect.kind === 'semiSextile' || aspect.kind === 'quincunx';
          return (
            <line
              key={`${aspect.a}-${aspect.b}`}
              x1={fixed(x1)}
              y1={fixed(y1)}
              x2={fixed(x2)}
              y2={fixed(y2)}
              stroke={ASPECT_COLOURS[aspect.kind]}
              strokeWidth={minor ? 0.8 : 1.2}
              strokeDasharray={minor ? '3 2' : undefined}
              strokeOpacity={0.35 + 0.6 * aspect.exactness}
            >
              <title>{`${pointLabel(aspect.a)} ${ASPECT_LABELS[aspect.kind].toLowerCase()} ${pointLabel(aspect.b)}`}</title>
            </line>
          );
        })}
      </g>

      <g data-testid="wheel-bodies" fontFamily={GLYPH_FONT}>
        {shown.map((body, index) => {
          const shownAt = display[index]!;
          const [tx, ty] = at(body.longitude, R_ZODIAC);
          const [ex, ey] = at(body.longitude, R_ZODIAC - 4);
          const [lx, ly] = at(shownAt, R_GLYPH + 10);
          const [gx, gy] = at(shownAt, R_GLYPH);
          const [dx, dy] = at(shownAt, R_DEGREE);
          const [rx, ry] = at(shownAt, R_RETRO);
          const [ax, ay] = at(body.longitude, R_ASPECT);
          return (
            <g key={body.id} data-body={body.id} data-display-angle={fixed(shownAt)}>
              <title>{`${BODY_LABELS[body.id]} ${describePosition(body)}${body.retrograde ? ', retrograde' : ''}`}</title>
              <polyline
                points={`${fixed(tx)},${fixed(ty)} ${fixed(ex)},${fixed(ey)} ${fixed(lx)},${fixed(ly)}`}
                fill="none"
                className="stroke-muted"
                strokeWidth={0.7}
              />
              <circle cx={fixed(ax)} cy={fixed(ay)} r={1.8} className="fill-fg" />
              <text
                x={fixed(gx)}
                y={fixed(gy)}
                fontSize={17}
                textAnchor="middle"
                dominantBaseline="central"
                className="fill-fg"
              >
                {BODY_GLYPHS[body.id]}
              </text>
              <text
                x={fixed(dx)}
                y={fixed(dy)}
                fontSize={11}
                textAnchor="middle"
                dominantBaseline="central"
                className="fill-fg"
              >
                {`${body.degree}°`}
              </text>
              {body.retrograde ? (
                <text
                  x={fixed(rx)}
                  y={fixed(ry)}
                  fontSize={10}
                  textAnchor="middle"
                  dominantBaseline="central"
                  className="fill-danger"
                >
                  ℞
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
    </svg>
  );
}

/** The outer ring: a tick at each body's true place and its glyph beyond, spread like the inner ones. */
function SkyRing({ sky, rotation }: { sky: readonly SkyPoint[]; rotation: number }) {
  const at = (longitude: number, radius: number) => point(longitude, radius, rotation);
  const shown = shownSky(sky);
  const display = spreadLabels(
    shown.map((p) => p.longitude),
    WHEEL_LABEL_GAP,
  );
  return (
    <g data-testid="sky-ring" fontFamily={GLYPH_FONT}>
      <circle cx={C} cy={C} r={R_SKY_OUTER} className="fill-surface stroke-line" strokeWidth={1} />
      {shown.map((p, index) => {
        const [x1, y1] = at(p.longitude, R_OUTER);
        const [x2, y2] = at(p.longitude, R_OUTER + 7);
        const [gx, gy] = at(display[index]!, R_SKY_GLYPH);
        return (
          <g key={p.body} data-sky-body={p.body}>
            <line
              x1={fixed(x1)}
              y1={fixed(y1)}
              x2={fixed(x2)}
              y2={fixed(y2)}
              className="stroke-accent"
              strokeWidth={1.4}
            />
            <text
              x={fixed(gx)}
              y={fixed(gy)}
              fontSize={15}
              textAnchor="middle"
              dominantBaseline="central"
              className={p.retrograde ? 'fill-danger' : 'fill-accent'}
            >
              {BODY_GLYPHS[p.body as BodyName]}
            </text>
          </g>
        );
      })}
    </g>
  );
}
