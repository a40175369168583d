import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface Series {
  label: string;
  values: number[];
  /** A CSS colour; the chart reads the theme's text colour for its axes. */
  color: string;
}

const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * A line chart of daily figures (uPlot: small and fast), sized to its box. Screen readers get the
 * same figures as a table beside it, so the canvas itself is hidden from them.
 */
export function TrendChart({ title, dates, series }: { title: string; dates: string[]; series: Series[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const text = getComputedStyle(element).color;
    const axis = {
      stroke: text,
      grid: { stroke: 'rgba(127,127,127,0.15)' },
      ticks: { stroke: 'rgba(127,127,127,0.3)' },
    };
    const x = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
    const lastDay = dates.length - 1;
    // Away from the pointer the legend shows the latest day's figures, not empty dashes.
    const showLatest = (plot: uPlot) => {
      if (plot.cursor.idx == null && lastDay >= 0) plot.setLegend({ idx: lastDay }, false);
    };
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: 220,
        series: [
          // The legend names the day as the date it is (2026-11-26), not a time of day.
          { label: 'Day', value: (_plot, seconds) => (seconds == null ? '' : isoDay(seconds)) },
          ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2 })),
        ],
        axes: [axis, axis],
        scales: { x: { time: true } },
        // The days are calendar dates (UTC midnights): shown as such in every time zone.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        legend: { show: true },
        hooks: { ready: [showLatest], setCursor: [showLatest] },
      },
      [x, ...series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [dates, series]);

  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-medium">{title}</figcaption>
      <div ref={box} aria-hidden="true" className="w-full text-muted" />
      {/* A table ignores the 1 px width of sr-only and would widen the page; its box does not. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((date, i) => (
              <tr key={date}>
                <th scope="row">{date}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
