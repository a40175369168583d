import type { Landscape } from '@app/contracts/landscape.ts';
import { pointLabel, SIGN_LABELS } from '../../../components/chart/chart-symbols.ts';
import { formatMoment } from '../../../lib/format-date.ts';
import { moonPhaseText } from '../lib/moon-phase-text.ts';

const signLabel = (sign: string) => SIGN_LABELS[sign as keyof typeof SIGN_LABELS] ?? sign;

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl bg-surface-2 px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{term}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/** The Moon today: sign, ingress, phase and illumination, void-of-course span. */
export function MoonToday({ landscape }: { landscape: Landscape }) {
  const { moon, zone } = landscape;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Fact term="Sign">
        {moon.ingress
          ? `${signLabel(moon.sign)}, entering ${signLabel(moon.ingress.sign)} ${formatMoment(moon.ingress.at, zone)}`
          : `${signLabel(moon.sign)} all day`}
      </Fact>
      <Fact term="Phase">{moonPhaseText(moon)}</Fact>
      <Fact term="Void of course">
        {moon.voidOfCourse
          ? `${formatMoment(moon.voidOfCourse.start, zone)} to ${formatMoment(moon.voidOfCourse.end, zone)}`
          : 'Not today'}
      </Fact>
    </dl>
  );
}

/** Stations, retrograde planets and sign ingresses of the day. */
export function SkyEvents({ landscape }: { landscape: Landscape }) {
  const { stations, retrograde, ingresses, zone } = landscape;
  const items = [
    ...stations.map((s) => ({
      key: `station-${s.body}`,
      text: `${pointLabel(s.body)} turns ${s.turns} ${formatMoment(s.at, zone)}`,
    })),
    ...ingresses.map((i) => ({
      key: `ingress-${i.body}`,
      text: `${pointLabel(i.body)} enters ${signLabel(i.sign)} ${formatMoment(i.at, zone)}`,
    })),
  ];
  return (
    <div className="flex flex-col gap-3">
      <p>
        {retrograde.length
          ? `Retrograde: ${retrograde.map(pointLabel).join(', ')}.`
          : 'No planet is retrograde today.'}
      </p>
      {items.length ? (
        <ul className="list-disc space-y-1 pl-5">
          {items.map((item) => (
            <li key={item.key}>{item.text}</li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">No stations or sign changes today.</p>
      )}
    </div>
  );
}
