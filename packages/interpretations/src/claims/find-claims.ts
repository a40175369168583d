// Finds the statements about the chart and the sky in one sentence, from its words (see
// claim-tokens.ts). Only plain affirmative statements count: a negated, hypothetical or general
// one ("people with the Moon in Leo", "if your Moon were in Leo") is not a claim.
import { type Tok, tokenize, type Unit, units } from './claim-tokens.ts';

type Who = 'natal' | 'sky';

export type Claim =
  | {
      kind: 'place';
      who: Who;
      /** A body id or an angle id ('ascendant', 'midheaven', 'descendant', 'ic'). */
      target: string;
      angle: boolean;
      sign?: { id: string; tok: number };
      house?: { n: number; tok: number };
      first: number;
      last: number;
    }
  | { kind: 'retro'; who: Who; body: string; retro: boolean; tok: number; first: number; last: number }
  | {
      kind: 'aspect';
      a: string;
      b: string;
      aspect: string;
      /** "Saturn squares your Sun": a transiting body to a natal point. */
      transit: boolean;
      first: number;
      last: number;
    };

interface StatedDate {
  day: number;
  month: number;
  year: number | null;
  tok: number;
}

export interface Found {
  toks: Tok[];
  claims: Claim[];
  /** Every date the sentence names, with the token it starts at. */
  dates: StatedDate[];
  /** The sentence speaks of today's sky ("today", "right now", "currently"). */
  sky: boolean;
}

const set = (s: string) => new Set(s.split(' '));
const NEGATION = set(
  "not no never nor neither without lacks lack cannot none nothing isn't aren't wasn't weren't doesn't don't didn't hasn't haven't can't won't",
);
const HYPOTHETICAL = set(
  'if whether would could might suppose imagine unless someone anyone people those everyone whoever when whenever typically usually generally often many most some',
);
const SKY = set("today today's tonight now currently presently moment sky transiting");
const NATAL_MARK = set('born birth natal chart');
const FUZZY_TIME = set(
  'week weeks month months year years season spring summer autumn fall winter tomorrow yesterday soon next upcoming coming until later',
);
const OTHERS = set('my his her their our its someone');
/** "Venus in Leo people": a type of person, not a placement. */
const KINDS_OF_PEOPLE = set('people natives folks types individuals person persons men women kids children');
const PLACE_FILL = set(
  'is was sits sit lies falls placed located found currently also still natally positioned sitting resides happens to be sign',
);
const RETRO_FILL = set('is was also still currently now natally being stays remains appears and');
const ASPECT_FILL = set(
  'is are was which that also forms makes form make a an tight close exact wide closely exactly currently still making forming in will',
);
const TO_FILL = set('with to of your natal the by own an a');
const PAIR_FILL = set('are is form make in a an tight close exact wide forming making');
const MONTHS = set('jan feb mar apr may jun jul aug sep sept oct nov dec');
const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthOf(w: string): number | null {
  const full = MONTH_NAMES.indexOf(w);
  if (full >= 0) return full + 1;
  if (!MONTHS.has(w)) return null;
  return w === 'sept' ? 9 : MONTH_NAMES.findIndex((m) => m.startsWith(w)) + 1;
}

const dayOf = (w: string | undefined) => {
  const m = w ? /^(\d{1,2})(st|nd|rd|th)?$/.exec(w) : null;
  const n = m ? Number(m[1]) : 0;
  return n >= 1 && n <= 31 ? n : null;
};
const yearOf = (w: string | undefined) => (w && /^\d{4}$/.test(w) ? Number(w) : null);

/** The dates in the sentence: "3 March", "March 3rd, 2027", "the 12th of December". */
function findDates(toks: Tok[]): StatedDate[] {
  const out: StatedDate[] = [];
  for (let i = 0; i < toks.length; i++) {
    const month = monthOf(toks[i]!.w);
    if (month === null) continue;
    const before = dayOf(toks[i - 1]?.w) ?? (toks[i - 1]?.w === 'of' ? dayOf(toks[i - 2]?.w) : null);
    const after = dayOf(toks[i + 1]?.w);
    if (before !== null) out.push({ day: before, month, year: yearOf(toks[i + 1]?.w), tok: i });
    else if (after !== null) out.push({ day: after, month, year: yearOf(toks[i + 2]?.w), tok: i });
  }
  return out;
}

/** The date a statement at tokens first..last speaks of: the one in its clause, else the nearest. */
export function dateFor(f: Found, first: number, last: number): StatedDate | null {
  const clause = f.toks[first]!.clause;
  const dist = (d: StatedDate) =>
    (f.toks[d.tok]!.clause === clause ? 0 : 1000) + (d.tok < first ? first - d.tok : d.tok - last);
  return f.dates.reduce<StatedDate | null>((best, d) => (!best || dist(d) < dist(best) ? d : best), null);
}

class Finder {
  readonly claims: Claim[] = [];
  readonly sky: boolean;
  readonly natalMark: boolean;
  constructor(
    readonly toks: Tok[],
    readonly us: Unit[],
    /** Another time than now is named ("this month", "on 3 March"): the sky of now says nothing. */
    readonly fuzzy: boolean,
  ) {
    this.sky = toks.some((t) => SKY.has(t.w));
    this.natalMark = toks.some((t) => NATAL_MARK.has(t.w));
    toks.forEach((t, j) => {
      const prev = toks[j - 1];
      const w = t.w;
      // "if your Moon were in Leo", "were your Sun in Leo" (but "you were born with")
      const here =
        NEGATION.has(w) ||
        HYPOTHETICAL.has(w) ||
        w.endsWith("n't") ||
        (w === 'were' && !/^(you|we|they)$/.test(prev?.w ?? ''));
      this.blockedUpTo.push(here || (prev?.clause === t.clause && this.blockedUpTo[j - 1] === true));
      this.clauseEnd[t.clause] = j;
    });
  }
  /** Per token: a negation or a hypothesis stands at or before it in its clause. */
  private readonly blockedUpTo: boolean[] = [];
  /** Per clause: its last token. */
  private readonly clauseEnd: number[] = [];

  /** The word of unit k, if it is a plain word in the same clause as token `tok`. */
  word(k: number, tok: number): string | null {
    const u = this.us[k];
    if (u?.item.t !== 'word' || this.toks[u.first]!.clause !== this.toks[tok]!.clause) return null;
    return this.toks[u.first]!.w;
  }
  unit(k: number, tok: number): Unit | null {
    const u = this.us[k];
    return u && this.toks[u.first]!.clause === this.toks[tok]!.clause ? u : null;
  }
  /** Words before token i in its clause, nearest first. */
  before(i: number, n: number): string[] {
    const out: string[] = [];
    for (let j = i - 1; j >= 0 && out.length < n && this.toks[j]!.clause === this.toks[i]!.clause; j--)
      out.push(this.toks[j]!.w);
    return out;
  }
  /** Negated or hypothetical: something from the clause's start to the claim's end says so. */
  blocked(first: number, last: number): boolean {
    const end = this.clauseEnd[this.toks[first]!.clause] ?? last;
    return this.blockedUpTo[Math.min(last, end)] ?? false;
  }
  possessed(i: number): boolean {
    const [p1, p2, p3] = this.before(i, 3);
    if (p1 === 'your' || p1 === 'natal' || p1 === "you're" || p1 === 'yours') return true;
    if ((p1 === 'a' || p1 === 'an') && (p2 === "you're" || (p2 === 'are' && p3 === 'you'))) return true;
    return p1 === 'with' && p2 === 'born';
  }
  /** Whose placement the words starting at token i speak of; null for a general statement. */
  context(i: number): Who | null {
    if (this.possessed(i)) return 'natal';
    const [p1, p2] = this.before(i, 2);
    if (p1 && OTHERS.has(p1)) return null;
    if (this.fuzzy && !this.natalMark) return null;
    if (p1 === 'transiting' || p1 === "today's" || p1 === 'current') return 'sky';
    if (this.sky && !this.natalMark) return 'sky';
    // "you have the Moon in Leo", "as a Taurus Sun" speak of the person; "a day like this, with the
    // Moon in Leo" speaks of the sky in general.
    if (p1 === 'the') return this.natalMark || (p2 && /^(have|has)$/.test(p2)) ? 'natal' : null;
    if (p1 === 'a' || p1 === 'an')
      return this.natalMark || (p2 && /^(with|have|has|as)$/.test(p2)) ? 'natal' : null;
    return 'natal';
  }
  push(c: Claim): void {
    if (this.blocked(c.first, c.last)) return;
    const after = this.toks[c.last + 1];
    if (after && KINDS_OF_PEOPLE.has(after.w) && after.clause === this.toks[c.last]!.clause) return;
    if (this.claims.some((o) => o.kind === c.kind && o.first <= c.last && c.first <= o.last)) return;
    this.claims.push(c);
  }

  /** "Moon in Leo (5th house)": a house in brackets right after the sign. */
  parenHouse(k: number): { sign?: Unit; house?: Unit; next: number } | null {
    const u = this.us[k];
    return u?.item.t === 'house' && this.toks[u.first]!.open ? { house: u, next: k + 1 } : null;
  }

  /** "in (the sign of) Leo" or "in your 7th house" from unit k: the sign or house and the next unit. */
  inGroup(k: number, tok: number): { sign?: Unit; house?: Unit; next: number } | null {
    if (this.word(k, tok) !== 'in') return null;
    let j = k + 1;
    while (this.word(j, tok) && /^(the|sign|of|your|natal)$/.test(this.word(j, tok)!)) j++;
    const u = this.unit(j, tok);
    if (u?.item.t === 'sign') return { sign: u, next: j + 1 };
    if (u?.item.t === 'house') return { house: u, next: j + 1 };
    return null;
  }

  place(k: number, subject: Unit, first: number, sign?: Unit, house?: Unit): void {
    let last = Math.max(sign?.last ?? 0, house?.last ?? 0, subject.last);
    // "Venus in Cancer in your 1st house", "Leo Moon in the 5th house"
    const more = this.inGroup(k, first) ?? this.parenHouse(k);
    if (more?.house && !house) {
      house = more.house;
      last = more.house.last;
    } else if (more?.sign && !sign) {
      sign = more.sign;
      last = Math.max(last, more.sign.last);
    }
    const item = subject.item;
    if (item.t !== 'body' && item.t !== 'angle') return;
    const angle = item.t === 'angle';
    const ctx = angle ? (this.possessed(first) || this.context(first) ? 'natal' : null) : this.context(first);
    if (!ctx || (ctx === 'sky' && (house || angle))) return;
    const claim: Claim = { kind: 'place', who: ctx, target: item.id, angle, first, last };
    if (sign?.item.t === 'sign') claim.sign = { id: sign.item.id, tok: sign.first };
    if (house?.item.t === 'house') claim.house = { n: house.item.n, tok: house.item.ord };
    this.push(claim);
  }

  /** The statements that start at unit k. */
  at(k: number): void {
    const u = this.us[k]!;
    const f = u.first;
    if (u.item.t === 'body' || u.item.t === 'angle') {
      this.placeAfter(k, u);
      this.retro(k, u);
      this.aspect(k, u);
      this.pair(k, u);
      const prev = this.unit(k - 1, f);
      if (prev?.item.t === 'sign' || prev?.item.t === 'house')
        this.place(
          k + 1,
          u,
          prev.first,
          prev.item.t === 'sign' ? prev : undefined,
          prev.item.t === 'house' ? prev : undefined,
        );
    } else if (u.item.t === 'sign') {
      // "you're a Taurus", "you are an Aries" (without a body after: the Sun sign)
      const [p1, p2, p3] = this.before(f, 3);
      const next = this.unit(k + 1, f);
      const you = p2 === "you're" || (p2 === 'are' && p3 === 'you');
      if ((p1 === 'a' || p1 === 'an') && you && next?.item.t !== 'body' && next?.item.t !== 'angle')
        this.push({
          kind: 'place',
          who: 'natal',
          target: 'sun',
          angle: false,
          sign: { id: u.item.id, tok: f },
          first: f,
          last: f,
        });
    } else if (u.item.t === 'aspect') this.between(k, u);
  }

  placeAfter(k: number, u: Unit): void {
    let j = k + 1;
    let linked = false;
    while (this.word(j, u.first) && PLACE_FILL.has(this.word(j, u.first)!)) {
      if (/^(is|was|sign)$/.test(this.word(j, u.first)!)) linked = true;
      j++;
    }
    const g = this.inGroup(j, u.first);
    // "at 15° Leo", "15 degrees into Leo"
    if (!g && /^(at|\d{1,2})$/.test(this.word(j, u.first) ?? '')) {
      while (/^(at|\d{1,2}|degrees?|deg|into|of|minutes?)$/.test(this.word(j, u.first) ?? '')) j++;
      linked = true;
    }
    const s = this.unit(j, u.first);
    if (g) this.place(g.next, u, u.first, g.sign, g.house);
    else if (linked && s?.item.t === 'sign') this.place(j + 1, u, u.first, s);
  }

  retro(k: number, u: Unit): void {
    if (u.item.t !== 'body') return;
    let j = k + 1;
    while (this.word(j, u.first) && RETRO_FILL.has(this.word(j, u.first)!)) j++;
    const g = this.inGroup(j, u.first);
    if (g?.sign) j = g.next;
    while (this.word(j, u.first) && RETRO_FILL.has(this.word(j, u.first)!)) j++;
    const w = this.word(j, u.first);
    if (w !== 'retrograde' && w !== 'rx' && w !== 'direct') return;
    const [p1, p2] = this.before(u.first, 2);
    const natal = this.possessed(u.first) || this.natalMark || (p1 === 'have' && p2 === 'you');
    const who: Who | null = p1 === 'transiting' ? 'sky' : natal ? 'natal' : this.sky ? 'sky' : null;
    if (!who || (who === 'sky' && this.fuzzy)) return;
    const tok = this.us[j]!.first;
    this.push({ kind: 'retro', who, body: u.item.id, retro: w !== 'direct', tok, first: u.first, last: tok });
  }

  aspect(k: number, u: Unit): void {
    let j = k + 1;
    for (;;) {
      const g = this.inGroup(j, u.first);
      const w = this.word(j, u.first);
      if (g) j = g.next;
      else if (w && ASPECT_FILL.has(w)) j++;
      else break;
    }
    const asp = this.unit(j, u.first);
    if (asp?.item.t !== 'aspect') return;
    let b = j + 1;
    let yours = false;
    while (this.word(b, u.first) && TO_FILL.has(this.word(b, u.first)!)) {
      if (/^(your|natal)$/.test(this.word(b, u.first)!)) yours = true;
      b++;
    }
    const other = this.unit(b, u.first);
    if (other?.item.t !== 'body' && other?.item.t !== 'angle') return;
    if (u.item.t !== 'body' && u.item.t !== 'angle') return;
    const transit = yours && !this.possessed(u.first);
    this.push({
      kind: 'aspect',
      a: u.item.id,
      b: other.item.id,
      aspect: asp.item.kind,
      transit,
      first: u.first,
      last: other.last,
    });
  }

  /** "a Sun–Saturn trine", "Mars and Jupiter are square". */
  pair(k: number, u: Unit): void {
    let j = k + 1;
    const second = this.unit(j, u.first);
    const joined = second && this.toks[second.first]!.joined;
    if (!joined) {
      if (this.word(j, u.first) !== 'and') return;
      j++;
      if (this.word(j, u.first) === 'your') j++;
    }
    const v = this.unit(j, u.first);
    if (v?.item.t !== 'body' && v?.item.t !== 'angle') return;
    j++;
    while (this.word(j, u.first) && PAIR_FILL.has(this.word(j, u.first)!)) j++;
    const asp = this.unit(j, u.first);
    if (asp?.item.t !== 'aspect' || (u.item.t !== 'body' && u.item.t !== 'angle')) return;
    // "Venus and Mars trine your Sun" names a third point: not a statement about the pair
    let after = j + 1;
    while (this.word(after, u.first) && TO_FILL.has(this.word(after, u.first)!)) after++;
    const third = this.unit(after, u.first);
    if (third?.item.t === 'body' || third?.item.t === 'angle') return;
    this.push({
      kind: 'aspect',
      a: u.item.id,
      b: v.item.id,
      aspect: asp.item.kind,
      transit: false,
      first: u.first,
      last: asp.last,
    });
  }

  /** "a trine between your Sun and Saturn". */
  between(k: number, u: Unit): void {
    if (u.item.t !== 'aspect' || this.word(k + 1, u.first) !== 'between') return;
    let j = k + 2;
    /** Skips "your", "the", "natal"; says whether the point was marked as the person's. */
    const skip = () => {
      let mine = false;
      while (this.word(j, u.first) && /^(your|the|natal)$/.test(this.word(j, u.first)!)) {
        if (this.word(j, u.first) !== 'the') mine = true;
        j++;
      }
      return mine;
    };
    const aMine = skip();
    const a = this.unit(j, u.first);
    if (this.word(j + 1, u.first) !== 'and') return;
    j += 2;
    const bMine = skip();
    const b = this.unit(j, u.first);
    if (
      !a ||
      !b ||
      (a.item.t !== 'body' && a.item.t !== 'angle') ||
      (b.item.t !== 'body' && b.item.t !== 'angle')
    )
      return;
    // "a trine between Mars and your Sun": the sky's Mars to the person's Sun, a transit.
    this.push({
      kind: 'aspect',
      a: a.item.id,
      b: b.item.id,
      aspect: u.item.kind,
      transit: bMine && !aMine && !this.natalMark,
      first: u.first,
      last: b.last,
    });
  }
}

export function findClaims(sentence: string): Found {
  const toks = tokenize(sentence);
  const us = units(toks);
  const dates = findDates(toks);
  const fuzzy = dates.length > 0 || toks.some((t) => FUZZY_TIME.has(t.w));
  const finder = new Finder(toks, us, fuzzy);
  for (let k = 0; k < us.length; k++) finder.at(k);
  return { toks, claims: finder.claims, dates, sky: finder.sky };
}
