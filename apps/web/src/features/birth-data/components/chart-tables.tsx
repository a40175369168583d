import { HOUSE_SYSTEM_NAMES, type NatalChart } from '@app/contracts/chart.ts';
import type { ReactNode } from 'react';
import {
  ASPECT_LABELS,
  BODY_GLYPHS,
  BODY_LABELS,
  degreeMinute,
  GLYPH_FONT,
  pointGlyph,
  pointLabel,
  SIGN_GLYPHS,
  SIGN_LABELS,
} from '../../../components/chart/chart-symbols.ts';
import { WHEEL_BODIES } from '../../../components/chart/chart-wheel.tsx';
import type { MoonRange } from '../lib/moon-range.ts';
import { AspectIcon } from './aspect-icon.tsx';
import type { ReadingAnchors } from './chart-reading.tsx';

// The chart's facts as tables. On a phone (360 px) the planets table fits without scrolling:
// narrower cell padding, names and dignities that may wrap, the sign's name for screen readers only.

const TABLE = 'w-full border-collapse text-sm';
const CAPTION = 'mb-2 text-left text-base font-semibold text-fg';
/** Cell padding: tighter on a phone, none at the table's outer edges (they line up with the caption). */
const PAD = 'px-1.5 py-1.5 first:pl-0 last:pr-0 sm:px-2';
const TH = `border-b border-line ${PAD} text-left text-xs font-medium uppercase text-muted sm:tracking-wide`;
const TD = `border-b border-line/60 ${PAD} align-middle`;
const NOWRAP = 'whitespace-nowrap';
const LINK =
  'cursor-pointer text-left underline decoration-line underline-offset-4 hover:decoration-fg focus-visible:outline-2 focus-visible:outline-ring';

/**
 * A row's label, linked to its reading below the tables when there is one. A button, not an
 * anchor: the app's routes live in the address's hash, so a "#reading-…" link would leave the page.
 */
function ReadingLink({
  anchor,
  label,
  children,
}: {
  anchor: string | undefined;
  label: string;
  children: ReactNode;
}) {
  if (!anchor) return <>{children}</>;
  // Focusing the entry scrolls it into view and takes a screen reader there.
  const jump = () => document.getElementById(anchor)?.focus();
  return (
    <button type="button" onClick={jump} className={LINK} aria-label={`${label}: read about it`}>
      {children}
    </button>
  );
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A table that may scroll sideways in its own box; focusable so keyboards can scroll it too. */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  // A scrollable region must be reachable by keyboard (WCAG 2.1.1), hence the tab stop.
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region, see above
      tabIndex={0}
      className="relative min-w-0 max-w-full overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
    </section>
  );
}

function Glyph({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="inline-block w-5 text-center" style={{ fontFamily: GLYPH_FONT }}>
      {children}
    </span>
  );
}

export function BodiesTable({
  chart,
  moon,
  anchors,
}: {
  chart: NatalChart;
  moon: MoonRange | null;
  anchors?: ReadingAnchors;
}) {
  return (
    <ScrollArea label="Planets and points">
      <table className={TABLE} data-testid="bodies-table">
        <caption className={CAPTION}>Planets and points</caption>
        <thead>
          <tr>
            <th scope="col" className={TH}>
              Body
            </th>
            <th scope="col" className={TH}>
              Position
            </th>
            {chart.timeKnown ? (
              <th scope="col" className={TH}>
                House
              </th>
            ) : null}
            <th scope="col" className={TH}>
              <abbr title="Retrograde" className="no-underline">
                Rx
              </abbr>
            </th>
            <th scope="col" className={TH}>
              Dignity
            </th>
          </tr>
        </thead>
        <tbody>
          {chart.bodies.map((body) => (
            <tr key={body.id}>
              <th scope="row" className={`${TD} text-left font-medium`}>
                <span className="flex items-center gap-0.5">
                  <Glyph>{BODY_GLYPHS[body.id]}</Glyph>
                  <ReadingLink anchor={anchors?.get(`body:${body.id}`)} label={BODY_LABELS[body.id]}>
                    <span>{BODY_LABELS[body.id]}</span>
                  </ReadingLink>
                </span>
              </th>
              <td className={`${TD} tabular-nums`}>
                <span className={NOWRAP}>
                  {degreeMinute(body)} <Glyph>{SIGN_GLYPHS[body.sign]}</Glyph>
                  {/* On a phone the glyph stands for the sign; its name is there for screen readers. */}
                  <span className="sr-only sm:not-sr-only">{` ${SIGN_LABELS[body.sign]}`}</span>
                </span>
                {body.id === 'moon' && moon ? (
                  <span className="block text-xs text-muted" data-testid="moon-range-mark">
                    <span className="sr-only">approximate, </span>± up to {moon.degrees}°
                  </span>
                ) : null}
              </td>
              {chart.timeKnown ? <td className={`${TD} tabular-nums`}>{body.house}</td> : null}
              <td className={TD}>
                {body.retrograde ? (
                  <>
                    <span aria-hidden="true">℞</span>
                    <span className="sr-only">Retrograde</span>
                  </>
                ) : (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">Direct</span>
                  </>
                )}
              </td>
              <td className={TD}>{body.dignities.map(capitalise).join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

export function HousesTable({ chart, anchors }: { chart: NatalChart; anchors?: ReadingAnchors }) {
  if (!chart.cusps) return null;
  return (
    <ScrollArea label="Houses">
      <table className={TABLE} data-testid="houses-table">
        <caption className={CAPTION}>Houses ({HOUSE_SYSTEM_NAMES[chart.houseSystem.used]})</caption>
        <thead>
          <tr>
            <th scope="col" className={TH}>
              House
            </th>
            <th scope="col" className={TH}>
              Sign
            </th>
            <th scope="col" className={TH}>
              Cusp
            </th>
          </tr>
        </thead>
        <tbody>
          {chart.cusps.map((cusp) => (
            <tr key={cusp.house}>
              <th scope="row" className={`${TD} text-left font-medium tabular-nums`}>
                <ReadingLink anchor={anchors?.get(`house:${cusp.house}`)} label={`House ${cusp.house}`}>
                  {cusp.house}
                </ReadingLink>
              </th>
              <td className={`${TD} ${NOWRAP}`}>
                <Glyph>{SIGN_GLYPHS[cusp.sign]}</Glyph> {SIGN_LABELS[cusp.sign]}
              </td>
              <td className={`${TD} ${NOWRAP} tabular-nums`}>{degreeMinute(cusp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

/** The aspects as a triangle of cells: about 34 px a column, so it scrolls in its box on a phone. */
export function AspectGrid({ chart, anchors }: { chart: NatalChart; anchors?: ReadingAnchors }) {
  const points: string[] = [...WHEEL_BODIES, ...(chart.angles ? ['ascendant', 'midheaven'] : [])];
  const byPair = new Map(chart.aspects.map((aspect) => [`${aspect.a}|${aspect.b}`, aspect]));
  const find = (a: string, b: string) => byPair.get(`${a}|${b}`) ?? byPair.get(`${b}|${a}`);
  return (
    <ScrollArea label="Aspects">
      <table className="border-collapse text-sm" data-testid="aspect-grid">
        <caption className={CAPTION}>Aspects</caption>
        <thead>
          <tr>
            <td className="p-0" />
            {points.slice(0, -1).map((id) => (
              <th
                key={id}
                scope="col"
                className="size-8 border border-line/60 p-0 text-center font-normal text-muted"
              >
                <abbr title={pointLabel(id)} className="no-underline" style={{ fontFamily: GLYPH_FONT }}>
                  {pointGlyph(id)}
                </abbr>
                <span className="sr-only">{pointLabel(id)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.slice(1).map((row, rowIndex) => (
            <tr key={row}>
              <th scope="row" className="size-8 border border-line/60 p-0 text-center font-normal text-muted">
                <abbr title={pointLabel(row)} className="no-underline" style={{ fontFamily: GLYPH_FONT }}>
                  {pointGlyph(row)}
                </abbr>
                <span className="sr-only">{pointLabel(row)}</span>
              </th>
              {points.slice(0, -1).map((column, columnIndex) => {
                if (columnIndex > rowIndex) return <td key={column} className="size-8 p-0" />;
                const aspect = find(row, column);
                const text = aspect
                  ? `${pointLabel(row)} ${ASPECT_LABELS[aspect.kind].toLowerCase()} ${pointLabel(column)}, orb ${degreeMinute(
                      {
                        degree: Math.floor(Math.abs(aspect.deviation)),
                        minute: Math.floor((Math.abs(aspect.deviation) % 1) * 60),
                      },
                    )}, ${aspect.motion}`
                  : undefined;
                return (
                  <td key={column} className="size-8 border border-line/60 p-0 text-center" title={text}>
                    {aspect ? (
                      <ReadingLink anchor={anchors?.get(`aspect:${row}|${column}`)} label={text ?? ''}>
                        <AspectIcon kind={aspect.kind} />
                        <span className="sr-only">{text}</span>
                      </ReadingLink>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
