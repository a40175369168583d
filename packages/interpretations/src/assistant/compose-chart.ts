// Answers about the chart itself: a placement, a house, aspects, the big three, the ruler, the
// balance of elements and modalities, the Moon phase at birth, what dominates, strengths and
// challenges, a summary, definitions and Sun-sign compatibility. Each leads with the direct answer,
// then the library's reading, then one practical line.
import type { ChartAspect } from '../chat-composer.ts';
import { ASPECTS, ORDINAL_WORDS, ordinal } from '../knowledge.ts';
import { ELEMENT_OF, MODALITY_OF, natalAspectKeys, PLANETS } from '../library/catalogue.ts';
import { type AspectReading, entryAt, type Reading } from '../library/library.ts';
import type { ChartFact } from './question.ts';
import { type AnswerWriter, cap, keyOf, nameOf, signName } from './writer.ts';

const ANGULAR = new Set([1, 4, 7, 10]);

const aspectName = (x: ChartAspect) =>
  `${nameOf(x.a)} ${x.kind === 'conjunction' ? 'conjunct' : (ASPECTS[x.kind]?.verb ?? x.kind)} ${nameOf(x.b)}`;

export function aspectFact(w: AnswerWriter, x: ChartAspect): string {
  return w.fact(`${aspectName(x)} (orb ${x.orb.toFixed(1)}°)`, 'aspect');
}

/** The library's reading of a natal aspect (filed under the first of the pair). */
export function aspectReading(w: AnswerWriter, x: ChartAspect): AspectReading | undefined {
  const keys = natalAspectKeys(x.a, x.b);
  return keys ? entryAt<AspectReading>(w.files, `natal/aspects/${keys[0]}`, keys[1], x.kind) : undefined;
}

/** "**Venus in Leo in the 5th house**: …", the sign's reading, the house's, and what to do. */
export function placementAnswer(w: AnswerWriter, body: string): boolean {
  const fact = w.placementFact(body);
  if (!fact) {
    if (body === 'ascendant' || body === 'midheaven')
      w.say(w.options.timeNoteGiven ? 'Without a birth time I cannot place it.' : undefined).noteNoTime();
    else w.say('That point is not part of your chart as I compute it.');
    return false;
  }
  const sign = w.signReading(body);
  const house = w.houseReading(body);
  w.say(
    w.line('placementLead', { body: nameOf(body), where: fact.replace(/^\S+( \S+)? in /, '') }),
    sign?.about,
  );
  w.say(sign?.feel, house?.about);
  const aspects = w.facts.aspects.filter((x) => x.a === body || x.b === body).slice(0, 2);
  if (aspects.length > 0)
    w.say(w.line('closestAspects', { list: aspects.map((x) => aspectFact(w, x)).join(', ') }));
  w.say(house?.do ?? sign?.do);
  if (!w.facts.timeKnown && body !== 'ascendant' && body !== 'midheaven') w.noteNoTime();
  return true;
}

function strongest(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).sort((a, b) => b[1] - a[1]);
}

/** The planets that stand out: on an angle, ruling the chart, or with the most close aspects. */
export function dominantPlanets(w: AnswerWriter): { body: string; why: string }[] {
  const score = new Map<string, { n: number; why: string[] }>();
  const add = (body: string, n: number, why: string) => {
    const s = score.get(body) ?? { n: 0, why: [] };
    s.n += n;
    s.why.push(why);
    score.set(body, s);
  };
  for (const p of w.facts.placements.filter((p) => PLANETS.includes(p.body))) {
    if (w.facts.timeKnown && p.house && ANGULAR.has(p.house))
      add(p.body, 2, `in the angular ${ordinal(p.house)} house`);
    const close = w.facts.aspects.filter((x) => (x.a === p.body || x.b === p.body) && x.orb < 3).length;
    if (close >= 3) add(p.body, close / 2, `${close} close aspects`);
  }
  const ruler = w.facts.natal?.ruler;
  if (ruler) add(ruler, 2, 'the ruler of your chart');
  return [...score]
    .sort((a, b) => b[1].n - a[1].n)
    .slice(0, 3)
    .map(([body, s]) => ({ body, why: s.why.join(' and ') }));
}

export function chartAnswer(
  w: AnswerWriter,
  fact: ChartFact,
  detail: { body?: string; house?: number; aspect?: string },
): void {
  const natal = w.facts.natal;
  switch (fact) {
    case 'placement':
      placementAnswer(w, detail.body ?? 'sun');
      return;
    case 'big-three': {
      const sun = w.placementFact('sun');
      const moon = w.placementFact('moon');
      const rising = w.facts.timeKnown ? w.placementFact('ascendant') : null;
      w.say(
        w.line('bigThree', { list: `**${sun}**, **${moon}**${rising ? ` and **${rising}**` : ''}` }),
        rising ? undefined : 'Without a birth time the rising sign (Ascendant) cannot be known.',
      );
      for (const body of ['sun', 'moon', ...(rising ? ['ascendant'] : [])]) w.say(w.signReading(body)?.about);
      w.say(w.signReading('sun')?.do);
      return;
    }
    case 'ruler': {
      if (!natal?.ruler || !w.facts.ascendant) {
        w.say(
          'The chart ruler is the planet that rules your rising sign, and that needs your birth time.',
        ).noteNoTime();
        return;
      }
      const reading = entryAt<Reading>(w.files, 'natal/chart-ruler', w.facts.ascendant);
      const where = w.placementFact(natal.ruler);
      w.say(
        `**${nameOf(natal.ruler)}** rules your chart, because your Ascendant is in ${signName(w.facts.ascendant)}.`,
        where ? `It sits at ${where.replace(/^\S+ in /, '')}.` : undefined,
      );
      w.say(reading?.about, reading?.feel);
      w.say(reading?.do);
      return;
    }
    case 'elements':
    case 'modalities': {
      const counts = fact === 'elements' ? natal?.elements : natal?.modalities;
      if (!counts) {
        w.say('I could not count the balance of your chart.');
        return;
      }
      const order = strongest(counts);
      const [top, topN] = order[0]!;
      const [low, lowN] = order.at(-1)!;
      const group = fact === 'elements' ? 'elements' : 'modalities';
      w.say(
        `**${cap(top)}** is your strongest ${fact === 'elements' ? 'element' : 'modality'}: ${topN} of the ten planets, against ${lowN} in ${low}.`,
        `The whole count: ${order.map(([k, n]) => `${cap(k)} ${n}`).join(', ')}.`,
      );
      w.fact(`${cap(top)} ${topN} of 10 planets`, 'placement');
      const strong = entryAt<Reading>(w.files, 'natal/balance', group, top, 'strong');
      const weak = lowN <= 1 ? entryAt<Reading>(w.files, 'natal/balance', group, low, 'weak') : undefined;
      w.say(strong?.about, weak?.about);
      w.say(weak?.do ?? strong?.do);
      return;
    }
    case 'moon-phase': {
      const phase = natal?.moonPhase;
      if (!phase) {
        w.say('I could not work out the Moon phase of your birth.');
        return;
      }
      const reading = entryAt<Reading>(w.files, 'natal/moon-phase', phase);
      w.say(
        `You were born under a **${w.fact(`${phase.replace(/-/g, ' ')} Moon`, 'placement')}**.`,
        reading?.about,
      );
      w.say(reading?.feel, reading?.do);
      return;
    }
    case 'dominant': {
      const top = dominantPlanets(w);
      if (top.length === 0) {
        w.say('No single planet dominates your chart: its weight is spread evenly.');
        return;
      }
      w.say(
        `The planets that stand out in your chart: ${top.map((t) => `**${nameOf(t.body)}** (${t.why})`).join(', ')}.`,
      );
      for (const t of top.slice(0, 2))
        w.say(w.placementFact(t.body) ? w.signReading(t.body)?.about : undefined);
      if (w.facts.timeKnown) {
        const houses = new Map<number, number>();
        for (const p of w.facts.placements.filter((p) => PLANETS.includes(p.body) && p.house))
          houses.set(p.house!, (houses.get(p.house!) ?? 0) + 1);
        const [house, n] = [...houses].sort((a, b) => b[1] - a[1])[0] ?? [];
        if (house && n && n >= 2)
          w.say(
            `Your busiest house is the ${ordinal(house)}, about ${w.houseArea(house)}, with ${n} planets.`,
          );
      } else w.noteNoTime();
      return;
    }
    case 'house':
      houseAnswer(w, detail.house ?? 1);
      return;
    case 'aspects': {
      const list = w.facts.aspects.filter((x) => !detail.aspect || x.kind === detail.aspect).slice(0, 3);
      if (list.length === 0) {
        w.say(`No, your chart has no ${detail.aspect ?? 'major'} aspect within the usual orbs.`);
        return;
      }
      w.say(
        detail.aspect
          ? `Yes: your chart has ${list.length === 1 ? 'one' : 'these'} ${detail.aspect}${list.length === 1 ? '' : 's'} among its closest aspects.`
          : 'Your closest aspects:',
      );
      w.say(list.map((x) => `- **${aspectFact(w, x)}**: ${aspectReading(w, x)?.about ?? ''}`).join('\n'));
      w.say(aspectReading(w, list[0]!)?.do);
      return;
    }
  }
}

function houseAnswer(w: AnswerWriter, house: number): void {
  if (!w.facts.timeKnown) {
    w.say(
      `The ${ORDINAL_WORDS[house - 1]} house is about ${w.houseArea(house)}; which planets fall in it depends on your birth time.`,
    ).noteNoTime();
    return;
  }
  const inside = w.facts.placements.filter((p) => p.house === house && p.body !== 'meanNode');
  const cusp = w.facts.natal?.cusps?.[house - 1];
  w.fact(`${ordinal(house)} house: ${w.houseArea(house)}`, 'house');
  w.say(w.houseLine(house, inside.map((p) => `**${w.placementFact(p.body)}**`).join(', '), cusp));
  if (inside.length > 0) {
    const first = inside[0]!.body;
    const reading = w.houseReading(first);
    w.say(reading?.about, reading?.do);
  } else {
    const reading = entryAt<Reading>(w.files, 'natal/empty-house', String(house));
    w.say(reading?.about, reading?.do);
  }
}

/** Sun-sign style compatibility: the person's Sun, Moon, Venus and Ascendant against a sign. */
export function compatibilityAnswer(w: AnswerWriter, sign: string): void {
  const points = ['sun', 'moon', 'venus', ...(w.facts.timeKnown && w.facts.ascendant ? ['ascendant'] : [])];
  const relation = (a: string) => {
    const [x, y] = [ELEMENT_OF[a], ELEMENT_OF[sign]];
    if (x === y) return 'same';
    const pair = [x, y].sort().join('-');
    return pair === 'air-fire' || pair === 'earth-water' ? 'supportive' : 'different';
  };
  const sun = w.signOf('sun')!;
  const verdict = {
    same: 'an easy understanding',
    supportive: 'a good, complementary match',
    different: 'a match of opposites that takes effort',
  }[relation(sun)];
  w.say(
    `With a ${signName(sign)}, your Sun in ${signName(sun)} makes ${verdict}: ${ELEMENT_OF[sun]} meets ${ELEMENT_OF[sign]}, ${MODALITY_OF[sun]} meets ${MODALITY_OF[sign]}.`,
    w.phrase(['assistant/compatibility', 'element', relation(sun)]),
  );
  const lines = points.map((p) => {
    const s = w.signOf(p)!;
    const fact = w.placementFact(p);
    return `- **${fact ?? `${nameOf(p)} in ${signName(s)}`}** (${ELEMENT_OF[s]}, ${relation(s) === 'same' ? 'the same element' : relation(s) === 'supportive' ? 'a supportive element' : 'a different element'}): ${w.phrase(['assistant/compatibility', 'placement', keyOf(p)]) ?? ''}`;
  });
  w.say(lines.join('\n'));
  w.say(
    w.phrase([
      'assistant/compatibility',
      'modality',
      MODALITY_OF[sun] === MODALITY_OF[sign] ? 'same' : 'different',
    ]),
  );
  w.say(w.phrase(['assistant/compatibility', 'caveat']));
}

/** A term explained, then what it is in this chart. */
export function definitionAnswer(w: AnswerWriter, term: string): void {
  const def = entryAt<{ what: string; more: string }>(w.files, 'assistant/definitions', term);
  w.say(def?.what, def?.more);
  const house = /^house-(\d+)$/.exec(term);
  if (house) {
    houseAnswer(w, Number(house[1]));
    return;
  }
  if (ELEMENT_OF[term]) {
    const inSign = w.facts.placements.filter((p) => p.sign === term && p.body !== 'meanNode');
    w.say(
      inSign.length > 0
        ? w.line('inYourChart', { list: inSign.map((p) => w.placementFact(p.body)).join(', ') })
        : `None of your planets is in ${signName(term)}; you meet it through other people and through transits.`,
    );
    return;
  }
  if (w.placement(term) || term === 'ascendant' || term === 'midheaven' || term === 'node') {
    const body = term === 'node' ? 'trueNode' : term;
    const fact = w.placementFact(body);
    if (fact) w.say(w.line('inYourChart', { list: `**${fact}**` }), w.signReading(body)?.about);
    else w.noteNoTime();
    return;
  }
  if (ASPECTS[term]) {
    const mine = w.facts.aspects.filter((x) => x.kind === term).slice(0, 2);
    w.say(
      mine.length > 0
        ? w.line('inYourChart', { list: mine.map((x) => `**${aspectFact(w, x)}**`).join(', ') })
        : `Your chart has no close ${term}.`,
    );
    if (mine[0]) w.say(aspectReading(w, mine[0])?.about);
    return;
  }
  conceptInChart(w, term);
}

function conceptInChart(w: AnswerWriter, term: string): void {
  const f = w.facts;
  const sun = w.placementFact('sun');
  switch (term) {
    case 'retrograde': {
      const natal = f.placements
        .filter((p) => p.retrograde && PLANETS.includes(p.body))
        .map((p) => nameOf(p.body));
      w.say(
        natal.length > 0
          ? `In your chart ${natal.join(', ')} ${natal.length > 1 ? 'were' : 'was'} retrograde at your birth.`
          : 'No planet was retrograde when you were born.',
      );
      return;
    }
    case 'transit': {
      const top = f.today[0];
      if (top)
        w.say(
          `Your strongest transit today: **${w.transitFact(top, top.exactAt)}**.`,
          w.transitReading(top)?.about,
        );
      return;
    }
    case 'natal-chart':
    case 'big-three':
    case 'sign':
    case 'planet':
      chartAnswer(w, 'big-three', {});
      return;
    case 'rising':
      placementAnswer(w, 'ascendant');
      return;
    case 'chart-ruler':
      chartAnswer(w, 'ruler', {});
      return;
    case 'element':
      chartAnswer(w, 'elements', {});
      return;
    case 'modality':
      chartAnswer(w, 'modalities', {});
      return;
    case 'moon-phase':
      chartAnswer(w, 'moon-phase', {});
      return;
    case 'nodes':
      placementAnswer(w, 'trueNode');
      return;
    case 'aspect':
    case 'orb': {
      const tight = f.aspects[0];
      if (tight) w.say(`Your closest aspect is **${aspectFact(w, tight)}**.`, aspectReading(w, tight)?.about);
      return;
    }
    case 'house':
    case 'house-system':
      if (f.timeKnown && f.ascendant)
        w.say(
          `Your chart uses Placidus houses unless you choose another system on the chart page; your 1st house begins at your Ascendant in ${signName(f.ascendant)}.`,
        );
      else w.noteNoTime();
      return;
    case 'return':
      if (sun)
        w.say(
          `Your Solar return comes each year around your birthday, when the Sun returns to its place in your chart: **${sun}**.`,
        );
      return;
    default:
      if (sun) w.say(w.line('inYourChart', { list: `**${sun}**` }), w.signReading('sun')?.feel);
  }
}
