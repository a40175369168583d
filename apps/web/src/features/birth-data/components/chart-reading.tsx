import type { ChartReading } from '@app/contracts/chart.ts';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';

// The chart read in words, under the wheel and the tables: one section per theme, one entry per
// placement or aspect, each with an anchor that its row in the tables links to.

/** The page anchor of a reading entry. */
const anchorOf = (id: string) => `reading-${id}`;

/** Which table rows have a reading: entry ids by what a row shows ("body:venus", "aspect:moon|saturn", "house:4"). */
export type ReadingAnchors = ReadonlyMap<string, string>;

export function readingAnchors(reading: ChartReading): ReadingAnchors {
  const anchors = new Map<string, string>();
  for (const { id } of reading.sections.flatMap((section) => section.entries)) {
    const body = id.match(/^(?:sign|placement)-(.+)$/);
    const aspect = id.match(/^aspect-([^-]+)-([^-]+)-/);
    const house = id.match(/^house-(\d+)-/);
    if (body && !anchors.has(`body:${body[1]}`)) anchors.set(`body:${body[1]}`, anchorOf(id));
    if (aspect) {
      anchors.set(`aspect:${aspect[1]}|${aspect[2]}`, anchorOf(id));
      anchors.set(`aspect:${aspect[2]}|${aspect[1]}`, anchorOf(id));
    }
    if (house) anchors.set(`house:${house[1]}`, anchorOf(id));
  }
  return anchors;
}

export function ChartReadingView({
  reading,
  title = 'Your chart, read',
  noteTitle = 'Read without a birth time',
}: {
  reading: ChartReading;
  title?: string;
  noteTitle?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6" data-testid="chart-reading">
      <h3 id={headingId} className="text-xl font-semibold">
        {title}
      </h3>
      {reading.note ? <Alert title={noteTitle}>{reading.note}</Alert> : null}
      {reading.sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`${anchorOf(section.id)}-title`}
          className="flex flex-col gap-4"
        >
          <h4 id={`${anchorOf(section.id)}-title`} className="text-lg font-semibold">
            {section.title}
          </h4>
          {section.entries.map((entry) => (
            <article
              key={entry.id}
              id={anchorOf(entry.id)}
              tabIndex={-1}
              className="scroll-mt-20 rounded-2xl border border-line bg-surface px-4 py-3 outline-none target:border-ring sm:px-5"
            >
              <h5 className="font-semibold">{entry.title}</h5>
              <p className="mt-1 leading-relaxed">{entry.text}</p>
            </article>
          ))}
        </section>
      ))}
    </section>
  );
}
