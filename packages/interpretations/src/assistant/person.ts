// Questions about someone in the person's life ("how compatible am I with Alex?", "what about my
// partner and me this month?"): who is meant, and the answer from the comparison of the two charts.
import { ASPECTS } from '../knowledge.ts';
import { synastryAspectKeys } from '../library/catalogue.ts';
import { entryAt, type Variants } from '../library/library.ts';
import type { PersonFacts } from './answer-facts.ts';
import { type AnswerWriter, nameOf, partsOf } from './writer.ts';

/** Everyday words for a relation, by the relation a person may have been saved with. */
const RELATION_WORDS: Record<string, RegExp> = {
  partner: /\bmy (partner|wife|husband|boyfriend|girlfriend|spouse|fianc[eé]e?|other half)\b/i,
  friend: /\bmy (friend|best friend|bestie|bff)\b/i,
  family: /\bmy (family|mum|mom|mother|dad|father|parent|sister|brother|son|daughter|child|kid)\b/i,
  parent: /\bmy (mum|mom|mother|dad|father|parent)\b/i,
  child: /\bmy (son|daughter|child|kid)\b/i,
  colleague: /\bmy (colleague|coworker|co-worker|boss|manager)\b/i,
};

type Transits = NonNullable<PersonFacts['window']>['yours'];

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The person a question names: by their name (or its first word), else by "my partner", "my mum"…
 * when exactly one person was saved with that relation. Null when no one, or more than one, fits.
 */
export function mentionedPerson<T extends { name: string; relation: string | null }>(
  question: string,
  people: readonly T[],
): T | null {
  const named = people.filter((p) => {
    const names = [p.name.trim(), p.name.trim().split(/\s+/)[0] ?? ''].filter((n) => n.length >= 2);
    return names.some((n) => new RegExp(`(^|[^\\p{L}])${literal(n)}($|[^\\p{L}])`, 'iu').test(question));
  });
  if (named.length === 1) return named[0]!;
  if (named.length > 1) return null;
  const byRelation = people.filter((p) => {
    const words = p.relation ? RELATION_WORDS[p.relation.toLowerCase()] : undefined;
    return words?.test(question) ?? false;
  });
  return byRelation.length === 1 ? byRelation[0]! : null;
}

const dominant = (counts: Record<string, number>) =>
  Object.entries(counts).sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;

const orbText = (orb: number) => {
  const minutes = Math.round(orb * 60);
  return `${Math.floor(minutes / 60)}°${String(minutes % 60).padStart(2, '0')}′`;
};

/** The comparison with the person named: the closest contacts read, the elements, and a window's transits. */
export function personAnswer(w: AnswerWriter, p: PersonFacts): void {
  const who = p.relation ? `${p.name} (your ${p.relation})` : p.name;
  const possessive = `${p.name}’s`;
  const contacts = p.contacts.slice(0, 3);
  w.say(
    contacts.length > 0
      ? w.line('personLead', { who: `**${who}**` })
      : `Your chart and ${possessive} make no close contact in the major aspects, so the bond rests on what you build rather than on a strong pull of the charts.`,
  );
  const lines = contacts.map((c) => {
    const fact = w.fact(
      `Your ${nameOf(c.a)} ${ASPECTS[c.kind]?.verb ?? c.kind} ${possessive} ${nameOf(c.b)} (orb ${orbText(c.orb)})`,
      'placement',
    );
    const keys = synastryAspectKeys(c.a, c.b);
    const reading = keys
      ? w.pick.pick(
          entryAt<Variants>(w.files, `synastry/aspects/${keys[0]}`, keys[1], c.kind)?.variants,
          `${c.a}:${c.b}:${c.kind}`,
          partsOf,
        )
      : undefined;
    return [`- **${fact}.**`, reading?.about].filter(Boolean).join(' ');
  });
  if (lines.length > 0) w.say(lines.join('\n'));
  const [yours, theirs] = [dominant(p.elements.yours), dominant(p.elements.theirs)];
  if (yours && theirs)
    w.say(
      yours === theirs
        ? `Both charts lean to **${yours}**, so you tend to meet life at the same tempo.`
        : `Your chart leans to **${yours}** and ${possessive} to **${theirs}**: two ways of meeting life that can complete each other once each is understood.`,
    );
  if (p.window) {
    const list = (transits: Transits, whose: string) =>
      transits.slice(0, 3).map((t) => {
        const exact = t.exact[0];
        return `- **${nameOf(t.body)} ${ASPECTS[t.kind]?.verb ?? t.kind} ${whose} ${nameOf(t.point)}${exact ? ` (exact ${w.day(exact)})` : ''}.**`;
      });
    const mine = list(p.window.yours, 'your');
    const other = list(p.window.theirs, possessive);
    w.say(`**${p.window.label.charAt(0).toUpperCase()}${p.window.label.slice(1)}**`);
    w.say(
      mine.length + other.length > 0
        ? [...mine, ...other].join('\n')
        : `Neither chart has a close transit over ${p.window.label}: a steady stretch for the two of you.`,
    );
  }
  if (!p.timeKnown)
    w.say(
      `Without ${possessive} birth time, their Ascendant, Midheaven and houses are left out of this comparison.`,
    );
  w.say(`The whole comparison, with the grid of contacts and the composite chart, is on the People page.`);
}
