import {
  HOUSE_SYSTEM_CODES,
  HOUSE_SYSTEM_NAMES,
  type HouseSystemCode,
  type NatalChart,
  ZODIAC_IDS,
  ZODIAC_NAMES,
  type ZodiacId,
} from '@app/contracts/chart.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import {
  ASPECT_LABELS,
  BODY_GLYPHS,
  BODY_LABELS,
  degreeMinute,
  describePosition,
  GLYPH_FONT,
  pointGlyph,
  pointLabel,
  SIGN_GLYPHS,
  SIGN_LABELS,
} from '../../../components/chart/chart-symbols.ts';
import { ChartWheel, WHEEL_BODIES } from '../../../components/chart/chart-wheel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { natalChartQuery } from '../../../lib/get-natal-chart.ts';
import { AspectIcon } from './aspect-icon.tsx';

const TABLE = 'w-full border-collapse text-sm';
const CAPTION = 'mb-2 text-left text-base font-semibold text-fg';
const TH =
  'border-b border-line px-2 py-1.5 text-left text-xs font-medium uppercase tracking-wide text-muted';
const TD = 'whitespace-nowrap border-b border-line/60 px-2 py-1.5 align-middle';

/** "23°43′". */
const ayanamsaText = (degrees: number) =>
  degreeMinute({ degree: Math.floor(degrees), minute: Math.floor((degrees % 1) * 60) });

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One labelled chart setting: a native select, so keyboards and screen readers know it. */
function SettingSelect<T extends string>(props: {
  label: string;
  value: T;
  options: readonly T[];
  names: Record<T, string>;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as T)}
        disabled={props.disabled}
        className="h-11 rounded-xl border border-line bg-surface px-3 text-base text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.names[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The natal chart: zodiac and house-system choice, the wheel, and the same facts as tables. */
export function NatalChartView() {
  const [houseSystem, setHouseSystem] = useState<HouseSystemCode>('P');
  const [zodiac, setZodiac] = useState<ZodiacId>('tropical');
  const headingId = useId();
  const query = useQuery({ ...natalChartQuery(houseSystem, zodiac), placeholderData: keepPreviousData });
  const chart = query.data;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-semibold">
          Your natal chart
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <SettingSelect
            label="Zodiac"
            value={zodiac}
            options={ZODIAC_IDS}
            names={ZODIAC_NAMES}
            onChange={setZodiac}
          />
          <SettingSelect
            label="House system"
            value={houseSystem}
            options={HOUSE_SYSTEM_CODES}
            names={HOUSE_SYSTEM_NAMES}
            onChange={setHouseSystem}
            disabled={!chart?.timeKnown && chart !== undefined}
          />
          {query.isFetching ? <Spinner /> : null}
        </div>
      </div>

      {query.isError ? <Alert tone="error">{getErrorMessage(query.error)}</Alert> : null}
      {!chart && query.isPending ? (
        <p className="flex items-center gap-2 text-muted" role="status">
          <Spinner /> Calculating your chart...
        </p>
      ) : null}
      {chart ? <ChartDetails chart={chart} /> : null}
    </section>
  );
}

function ChartDetails({ chart }: { chart: NatalChart }) {
  return (
    <>
      {chart.notes.map((note) => (
        <Alert key={note}>{note}</Alert>
      ))}
      {chart.zodiac.ayanamsa !== null ? (
        <p className="text-sm text-muted" data-testid="zodiac-note">
          {ZODIAC_NAMES[chart.zodiac.id]} zodiac: every position is {ayanamsaText(chart.zodiac.ayanamsa)} less
          than in the tropical zodiac (the ayanamsa).
        </p>
      ) : null}
      <ChartWheel chart={chart} />
      <p className="sr-only" aria-live="polite">
        {`${ZODIAC_NAMES[chart.zodiac.id]} zodiac. `}
        {chart.cusps
          ? `House cusps in the ${HOUSE_SYSTEM_NAMES[chart.houseSystem.used]} system.`
          : 'No houses: the birth time is unknown.'}
      </p>
      <KeyFacts chart={chart} />
      <BodiesTable chart={chart} />
      <div className="grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        {chart.cusps ? <HousesTable chart={chart} /> : null}
        <AspectGrid chart={chart} />
      </div>
    </>
  );
}

function KeyFacts({ chart }: { chart: NatalChart }) {
  const sun = chart.bodies.find((body) => body.id === 'sun');
  const moon = chart.bodies.find((body) => body.id === 'moon');
  const facts: [string, string][] = [];
  if (sun) facts.push(['Sun', describePosition(sun)]);
  if (moon) facts.push(['Moon', describePosition(moon)]);
  if (chart.angles) {
    facts.push(['Ascendant', describePosition(chart.angles.ascendant)]);
    facts.push(['Midheaven', describePosition(chart.angles.midheaven)]);
  }
  if (chart.chartRuler) facts.push(['Chart ruler', BODY_LABELS[chart.chartRuler.modern]]);
  if (chart.moonPhase) {
    facts.push([
      'Moon phase',
      `${capitalise(chart.moonPhase.name.replace('-', ' '))}, ${Math.round(chart.moonPhase.illumination * 100)}% lit`,
    ]);
  }
  const e = chart.elements;
  const m = chart.modalities;
  facts.push(['Elements', `Fire ${e.fire}, Earth ${e.earth}, Air ${e.air}, Water ${e.water}`]);
  facts.push(['Modalities', `Cardinal ${m.cardinal}, Fixed ${m.fixed}, Mutable ${m.mutable}`]);
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-2xl border border-line bg-surface p-4 text-sm sm:grid-cols-2">
      {facts.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-3 sm:block">
          <dt className="text-muted">{term}</dt>
          <dd className="text-right font-medium sm:text-left">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A table that may scroll sideways on a phone; focusable so keyboards can scroll it too. */
function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  // A scrollable region must be reachable by keyboard (WCAG 2.1.1), hence the tab stop.
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region, see above
      tabIndex={0}
      className="relative min-w-0 overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
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

function BodiesTable({ chart }: { chart: NatalChart }) {
  return (
    <ScrollArea label="Planets and points">
      <table className={TABLE}>
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
                <Glyph>{BODY_GLYPHS[body.id]}</Glyph> {BODY_LABELS[body.id]}
              </th>
              <td className={`${TD} tabular-nums`}>
                {degreeMinute(body)} <Glyph>{SIGN_GLYPHS[body.sign]}</Glyph>{' '}
                <span className="sr-only sm:not-sr-only">{SIGN_LABELS[body.sign]}</span>
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

function HousesTable({ chart }: { chart: NatalChart }) {
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
                {cusp.house}
              </th>
              <td className={TD}>
                <Glyph>{SIGN_GLYPHS[cusp.sign]}</Glyph> {SIGN_LABELS[cusp.sign]}
              </td>
              <td className={`${TD} tabular-nums`}>{degreeMinute(cusp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

function AspectGrid({ chart }: { chart: NatalChart }) {
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
                      <>
                        <AspectIcon kind={aspect.kind} />
                        <span className="sr-only">{text}</span>
                      </>
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
