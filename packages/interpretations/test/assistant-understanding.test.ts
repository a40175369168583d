import { describe, expect, it } from 'vitest';
import { understand } from '../src/assistant/understand.ts';
import { ASKED } from './assistant-questions.ts';

// Every question of the set is understood as what it asks (the window by its label).
const DATE = '2026-11-27';

describe('the assistant understands the questions people ask', () => {
  it.each(ASKED.map((a) => [a.q, a] as const))('%s', (_q, asked) => {
    const understood = understand(asked.q, { date: DATE, previous: asked.after });
    expect(understood).toMatchObject(asked.expect);
  });

  it('falls back to "tell me more" for at most 5 % of them', () => {
    const unclear = ASKED.filter(
      (a) => understand(a.q, { date: DATE, previous: a.after }).kind === 'unclear',
    );
    expect(unclear.length / ASKED.length).toBeLessThanOrEqual(0.05);
  });
});
