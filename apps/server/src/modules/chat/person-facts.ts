import { chartOfBirth, type KnownBirth, type NatalChart } from '@app/astro/chart/natal-chart';
import { interAspects } from '@app/astro/chart/synastry';
import type { PersonFacts } from '@app/interpretations/assistant/answer-facts';
import { windowIn } from '@app/interpretations/assistant/window';
import { personalFirst } from '@app/interpretations/synastry-reading';
import { windowFacts } from './facts.ts';

/** Contacts named in an answer about two people: the closest this many. */
const CONTACTS = 6;
/** Bodies whose transits a window about two people lists: the fast personal ones and the two social. */
const WINDOW_BODIES = ['sun', 'mercury', 'venus', 'mars', 'jupiter', 'saturn'];

export interface PersonInLife {
  name: string;
  relation: string | null;
  birth: KnownBirth;
}

/**
 * The comparison the assistant answers from when a question names someone in the person's life:
 * the closest contacts between the charts and, when the question names a window, each chart's
 * transits exact in it.
 */
export function personFacts(input: {
  chart: NatalChart;
  person: PersonInLife;
  question: string;
  now: Date;
  zone: string;
}): PersonFacts {
  const theirs = chartOfBirth(input.person.birth);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: input.zone }).format(input.now);
  const window = windowIn(input.question.toLowerCase(), date);
  const exactIn = (chart: NatalChart) =>
    window
      ? windowFacts(chart, input.now, { window, bodies: WINDOW_BODIES }).transits.filter(
          (t) => t.exact.length > 0,
        )
      : [];
  return {
    name: input.person.name,
    relation: input.person.relation,
    timeKnown: theirs.timeKnown,
    contacts: personalFirst(interAspects(input.chart, theirs))
      .slice(0, CONTACTS)
      .map(({ a, b, kind, orb }) => ({ a, b, kind, orb })),
    elements: { yours: input.chart.elements, theirs: theirs.elements },
    window: window ? { label: window.label, yours: exactIn(input.chart), theirs: exactIn(theirs) } : null,
  };
}
