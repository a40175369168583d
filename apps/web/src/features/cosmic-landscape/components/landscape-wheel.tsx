import type { Landscape } from '@app/contracts/landscape.ts';
import { useQuery } from '@tanstack/react-query';
import { ChartWheel } from '../../../components/chart/chart-wheel.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { natalChartQuery } from '../../../lib/get-natal-chart.ts';

/** The bi-wheel: the natal chart inside, the day's sky around it. */
export function LandscapeWheel({ landscape, isToday }: { landscape: Landscape; isToday: boolean }) {
  const natal = useQuery(natalChartQuery());
  if (natal.isError)
    return <p className="text-sm text-muted">The chart could not be drawn: {getErrorMessage(natal.error)}</p>;
  if (!natal.data)
    return (
      <div className="mx-auto aspect-square w-full max-w-[34rem] animate-pulse rounded-full bg-surface-2" />
    );
  return (
    <figure>
      <ChartWheel
        chart={natal.data.chart}
        sky={landscape.sky}
        skyLabel={isToday ? "today's sky" : `the sky of ${landscape.date}`}
      />
      <figcaption className="mt-2 text-center text-xs text-muted">
        Your birth chart inside; {isToday ? "today's" : "that day's"} planets on the outer ring (red:
        retrograde).
      </figcaption>
    </figure>
  );
}
