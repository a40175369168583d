import {
  type ChartReading,
  HOUSE_SYSTEM_CODES,
  HOUSE_SYSTEM_NAMES,
  type NatalChart,
  ZODIAC_IDS,
  ZODIAC_NAMES,
} from '@app/contracts/chart.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { BODY_LABELS, degreeMinute, describePosition } from '../../../components/chart/chart-symbols.ts';
import { ChartWheel, zodiacPosition } from '../../../components/chart/chart-wheel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { natalChartQuery } from '../../../lib/get-natal-chart.ts';
import { useChartSettings } from '../hooks/use-chart-settings.ts';
import { type MoonRange, moonRange } from '../lib/moon-range.ts';
import { ChartReadingView, readingAnchors } from './chart-reading.tsx';
import { AspectGrid, BodiesTable, capitalise, HousesTable } from './chart-tables.tsx';

/** "23°43′". */
const ayanamsaText = (degrees: number) =>
  degreeMinute({ degree: Math.floor(degrees), minute: Math.floor((degrees % 1) * 60) });

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

/**
 * The natal chart: zodiac and house-system choice (remembered for the person on this device), the
 * wheel, and the same facts as tables.
 */
export function NatalChartView() {
  const [{ houseSystem, zodiac }, changeSettings] = useChartSettings();
  const headingId = useId();
  const query = useQuery({ ...natalChartQuery(houseSystem, zodiac), placeholderData: keepPreviousData });
  const chart = query.data?.chart;

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-6">
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
            onChange={(value) => changeSettings({ zodiac: value })}
          />
          <SettingSelect
            label="House system"
            value={houseSystem}
            options={HOUSE_SYSTEM_CODES}
            names={HOUSE_SYSTEM_NAMES}
            onChange={(value) => changeSettings({ houseSystem: value })}
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
      {query.data ? <ChartDetails chart={query.data.chart} reading={query.data.reading} /> : null}
    </section>
  );
}

function ChartDetails({ chart, reading }: { chart: NatalChart; reading: ChartReading }) {
  const moon = moonRange(chart);
  const anchors = readingAnchors(reading);
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
      <KeyFacts chart={chart} moon={moon} />
      {moon ? <MoonNote moon={moon} /> : null}
      <BodiesTable chart={chart} moon={moon} anchors={anchors} />
      <div className="grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        {chart.cusps ? <HousesTable chart={chart} anchors={anchors} /> : null}
        <AspectGrid chart={chart} anchors={anchors} />
      </div>
      <ChartReadingView reading={reading} />
    </>
  );
}

/** Why the Moon is approximate without a birth time, and where it may have been. */
function MoonNote({ moon }: { moon: MoonRange }) {
  const from = zodiacPosition(moon.from);
  const to = zodiacPosition(moon.to);
  return (
    <p className="text-sm text-muted" data-testid="moon-range">
      The Moon's position is approximate (± up to {moon.degrees}°): without a birth time the chart is drawn
      for noon, and that day the Moon moved about {Math.round(moon.perDay)}°. At your birth it stood between{' '}
      {describePosition(from)} and {describePosition(to)}
      {from.sign === to.sign ? '.' : ', so its sign is not certain.'}
    </p>
  );
}

function KeyFacts({ chart, moon }: { chart: NatalChart; moon: MoonRange | null }) {
  const sun = chart.bodies.find((body) => body.id === 'sun');
  const moonBody = chart.bodies.find((body) => body.id === 'moon');
  const facts: [string, string][] = [];
  if (sun) facts.push(['Sun', describePosition(sun)]);
  if (moonBody) {
    facts.push(['Moon', `${describePosition(moonBody)}${moon ? ` (± up to ${moon.degrees}°)` : ''}`]);
  }
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
    <dl
      className="grid gap-x-6 gap-y-2 rounded-2xl border border-line bg-surface p-4 text-sm sm:grid-cols-2"
      data-testid="key-facts"
    >
      {facts.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-3 sm:block">
          <dt className="text-muted">{term}</dt>
          <dd className="text-right font-medium sm:text-left">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
