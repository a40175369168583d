import type { AspectKindName } from '@app/contracts/chart.ts';
import type { Synastry } from '@app/contracts/people.ts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import {
  ASPECT_LABELS,
  GLYPH_FONT,
  pointGlyph,
  pointLabel,
  SIGN_LABELS,
} from '../../../components/chart/chart-symbols.ts';
import { ChartWheel, type WheelChart, zodiacPosition } from '../../../components/chart/chart-wheel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { getErrorCode, getErrorMessage } from '../../../lib/error-messages.ts';
import { natalChartQuery } from '../../../lib/get-natal-chart.ts';

import { synastryQuery } from '../api/people.ts';
import { AspectIcon } from './aspect-icon.tsx';
import { ChartReadingView } from './chart-reading.tsx';
import { ScrollArea } from './chart-tables.tsx';

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th'];
const orbText = (orb: number) => {
  const minutes = Math.round(orb * 60);
  return `${Math.floor(minutes / 60)}°${String(minutes % 60).padStart(2, '0')}′`;
};
const position = (longitude: number) => {
  const at = zodiacPosition(longitude);
  return `${at.degree}°${String(at.minute).padStart(2, '0')}′ ${SIGN_LABELS[at.sign]}`;
};

/** The composite as the wheel draws it: its bodies, angles, cusps and aspects. */
function compositeWheel(composite: Synastry['composite']): WheelChart {
  return {
    bodies: composite.bodies.map((body) => ({
      ...zodiacPosition(body.longitude),
      id: body.body as WheelChart['bodies'][number]['id'],
      house: body.house,
      retrograde: false,
    })),
    angles: composite.angles && {
      ascendant: zodiacPosition(composite.angles.ascendant.longitude),
      midheaven: zodiacPosition(composite.angles.midheaven.longitude),
    },
    cusps:
      composite.cusps?.map((longitude, index) => ({ house: index + 1, ...zodiacPosition(longitude) })) ??
      null,
    aspects: composite.aspects,
  };
}

/** /people/:id: the person's chart beside another's, the contacts between them and the reading. */
export default function ComparisonPage() {
  const { id = '' } = useParams();
  const query = useQuery(synastryQuery(id));
  const own = useQuery(natalChartQuery());
  const back = (
    <Link to="/people" className={buttonClasses('ghost', 'sm', 'self-start')}>
      <ArrowLeft aria-hidden="true" className="size-4" /> People
    </Link>
  );

  if (query.isPending)
    return (
      <Page title="Comparing charts" width="wide">
        <p className="text-sm text-muted" role="status">
          Comparing your charts…
        </p>
      </Page>
    );
  if (query.isError) {
    const code = getErrorCode(query.error);
    return (
      <Page title="Comparing charts" width="wide">
        <div className="flex flex-col gap-4">
          {back}
          <Alert tone="error">{getErrorMessage(query.error)}</Alert>
          {code === 'BIRTH_DATA_REQUIRED' ? (
            <Link to="/birth-form" className={buttonClasses('primary', 'md', 'self-start')}>
              Enter your birth data
            </Link>
          ) : code === 'PLAN_UPGRADE_REQUIRED' ? (
            <Link to="/subscription" className={buttonClasses('primary', 'md', 'self-start')}>
              See the plans
            </Link>
          ) : null}
        </div>
      </Page>
    );
  }

  const data = query.data;
  const name = data.person.name;
  return (
    <Page title={`You and ${name}`} width="wide">
      <div className="flex min-w-0 flex-col gap-8">
        {back}
        {own.data ? (
          <Card className="flex flex-col items-center gap-2">
            <ChartWheel chart={own.data.chart} sky={data.theirs} skyLabel={`${name}’s planets`} />
            <p className="text-sm text-muted">Your chart inside, {name}’s planets on the outer ring.</p>
          </Card>
        ) : null}
        <ContactsGrid data={data} />
        <Overlay data={data} />
        <Composite data={data} />
        <ChartReadingView
          reading={data.reading}
          title={`You and ${name}, read`}
          noteTitle="Read without both birth times"
        />
      </div>
    </Page>
  );
}

/** Your points down the side, theirs across the top: each cell the contact between them, if any. */
function ContactsGrid({ data }: { data: Synastry }) {
  const yours = [...new Set(data.aspects.map((a) => a.a))];
  const theirs = [...new Set(data.aspects.map((a) => a.b))];
  const at = (a: string, b: string) => data.aspects.find((x) => x.a === a && x.b === b);
  return (
    <section aria-labelledby="comparison-contacts" className="flex min-w-0 flex-col gap-3">
      <h2 id="comparison-contacts" className="text-xl font-semibold">
        Contacts between your charts
      </h2>
      <p className="text-sm text-muted">
        {data.aspects.length} contacts; your points down the side, {data.person.name}’s across the top.
      </p>
      <ScrollArea label={`Grid of contacts between your chart and ${data.person.name}’s`}>
        <table className="border-collapse text-sm">
          <caption className="sr-only">Aspects between your points and {data.person.name}’s</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Your point</span>
              </th>
              {theirs.map((b) => (
                <th
                  key={b}
                  scope="col"
                  className="px-1.5 py-1 font-normal"
                  style={{ fontFamily: GLYPH_FONT }}
                >
                  <span aria-hidden="true">{pointGlyph(b)}</span>
                  <span className="sr-only">{pointLabel(b)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {yours.map((a) => (
              <tr key={a}>
                <th
                  scope="row"
                  className="px-1.5 py-1 text-left font-normal"
                  style={{ fontFamily: GLYPH_FONT }}
                >
                  <span aria-hidden="true">{pointGlyph(a)}</span>
                  <span className="sr-only">Your {pointLabel(a)}</span>
                </th>
                {theirs.map((b) => {
                  const aspect = at(a, b);
                  return (
                    <td key={b} className="border border-line px-1.5 py-1 text-center">
                      {aspect ? (
                        <span
                          className="inline-flex flex-col items-center"
                          title={`${ASPECT_LABELS[aspect.kind as AspectKindName]}, orb ${orbText(aspect.orb)}`}
                        >
                          <AspectIcon kind={aspect.kind as AspectKindName} />
                          <span className="text-[0.65rem] text-muted">{orbText(aspect.orb)}</span>
                          <span className="sr-only">
                            {ASPECT_LABELS[aspect.kind as AspectKindName]} to {pointLabel(b)}
                          </span>
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}

function Overlay({ data }: { data: Synastry }) {
  const name = data.person.name;
  const list = (title: string, rows: Synastry['overlay']['theirsInYours'], missing: string) => (
    <Card className="flex flex-col gap-2">
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{missing}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {rows.map((row) => (
            <li key={row.body}>
              {pointLabel(row.body)}: {ORDINALS[row.house - 1]} house
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
  return (
    <section aria-labelledby="comparison-overlay" className="flex flex-col gap-3">
      <h2 id="comparison-overlay" className="text-xl font-semibold">
        Houses overlay
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {list(
          `${name}’s planets in your houses`,
          data.overlay.theirsInYours,
          'Your houses need your birth time.',
        )}
        {list(
          `Your planets in ${name}’s houses`,
          data.overlay.yoursInTheirs,
          `${name}’s houses need their birth time.`,
        )}
      </div>
    </section>
  );
}

function Composite({ data }: { data: Synastry }) {
  const { bodies, angles } = data.composite;
  return (
    <section aria-labelledby="comparison-composite" className="flex flex-col gap-3">
      <h2 id="comparison-composite" className="text-xl font-semibold">
        Composite chart
      </h2>
      <p className="text-sm text-muted">
        The chart of the bond itself: each planet at the midpoint of yours and {data.person.name}’s.
      </p>
      <Card className="flex flex-col items-center">
        <ChartWheel chart={compositeWheel(data.composite)} name="Composite chart wheel" />
      </Card>
      <Card>
        <table className="w-full text-sm">
          <caption className="sr-only">Composite positions</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-1 font-normal">
                Point
              </th>
              <th scope="col" className="py-1 font-normal">
                Position
              </th>
              <th scope="col" className="py-1 font-normal">
                House
              </th>
            </tr>
          </thead>
          <tbody>
            {angles
              ? (['ascendant', 'midheaven'] as const).map((angle) => (
                  <tr key={angle} className="border-t border-line">
                    <th scope="row" className="py-1 text-left font-normal">
                      {pointLabel(angle)}
                    </th>
                    <td className="py-1">{position(angles[angle].longitude)}</td>
                    <td className="py-1" />
                  </tr>
                ))
              : null}
            {bodies.map((body) => (
              <tr key={body.body} className="border-t border-line">
                <th scope="row" className="py-1 text-left font-normal">
                  {pointLabel(body.body)}
                </th>
                <td className="py-1">{position(body.longitude)}</td>
                <td className="py-1">{body.house ? ORDINALS[body.house - 1] : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  );
}
