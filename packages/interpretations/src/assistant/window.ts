// The window of time a question means, from its words: "this week", "next month", "by summer".
import type { Window } from './question.ts';

const DAY = 86_400_000;

/** Days from `date` (YYYY-MM-DD) to the next Monday (0 on a Monday is 7: "next week" is the coming one). */
function daysToMonday(date: string): number {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (8 - weekday) % 7 || 7;
}

function daysInMonthLeft(date: string): number {
  const d = new Date(`${date}T00:00:00Z`);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return Math.round((next - d.getTime()) / DAY);
}

function daysTo(date: string, month: number, day: number): number {
  const d = new Date(`${date}T00:00:00Z`);
  let target = Date.UTC(d.getUTCFullYear(), month, day);
  if (target <= d.getTime()) target = Date.UTC(d.getUTCFullYear() + 1, month, day);
  return Math.round((target - d.getTime()) / DAY);
}

/** The window a (normalised, lower-case) question names, for a person whose day is `date`; null when it names none. */
export function windowIn(q: string, date: string): Window | null {
  if (/\btomorrow\b/.test(q)) return { label: 'tomorrow', from: 1, days: 1 };
  if (/\b(this|the) weekend\b|\bweekend\b/.test(q)) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const toSaturday = (6 - weekday + 7) % 7;
    return weekday === 0
      ? { label: 'this weekend', from: 0, days: 1 }
      : { label: 'this weekend', from: toSaturday, days: 2 };
  }
  if (/\bnext week\b|\bweek after\b/.test(q))
    return { label: 'next week', from: daysToMonday(date), days: 7 };
  if (
    /\b(this|the|coming|current|my) week\b|\bweek ahead\b|\bcoming days\b|\bnext few days\b|\bthis wk\b/.test(
      q,
    )
  )
    return { label: 'this week', from: 0, days: 7 };
  if (/\bnext month\b/.test(q)) {
    const left = daysInMonthLeft(date);
    return { label: 'next month', from: left, days: 30 };
  }
  if (
    /\b(next|coming) (three|3|few|couple of) months\b|\bcoming months\b|\bnext quarter\b|\bmonths ahead\b/.test(
      q,
    )
  )
    return { label: 'the next three months', from: 0, days: 91 };
  if (/\b(this|the|coming|current) month\b|\bmonth ahead\b|\bcoming weeks\b|\bnext few weeks\b/.test(q))
    return { label: 'this month', from: 0, days: Math.max(14, daysInMonthLeft(date)) };
  if (/\bnext year\b/.test(q)) return { label: 'next year', from: daysTo(date, 0, 1), days: 365 };
  if (/\b(end of|rest of) (the |this )?year\b|\bby christmas\b|\bbefore (the )?new year\b/.test(q))
    return { label: 'the rest of the year', from: 0, days: Math.max(7, daysTo(date, 11, 31) + 1) };
  if (/\b(by|before|until|till|this|the|over the) summer\b|\bsummer\b/.test(q))
    return { label: 'the weeks until summer', from: 0, days: Math.max(14, daysTo(date, 5, 21)) };
  if (/\b(this|the|coming) year\b|\byear ahead\b|\b12 months\b|\btwelve months\b|\bnext months\b/.test(q))
    return { label: 'this year', from: 0, days: 365 };
  if (/\btoday\b|\btonight\b|\bright now\b|\bthis (morning|afternoon|evening)\b/.test(q))
    return { label: 'today', from: 0, days: 1 };
  return null;
}

export const DEFAULT_WINDOWS = {
  timing: { label: 'the next three months', from: 0, days: 91 },
  forecast: { label: 'this year', from: 0, days: 365 },
  today: { label: 'today', from: 0, days: 1 },
} as const satisfies Record<string, Window>;
