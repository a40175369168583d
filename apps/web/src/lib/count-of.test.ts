import { describe, expect, it } from 'vitest';
import { countOf, nounFor } from './count-of.ts';

describe('countOf', () => {
  it('puts the noun in the number of the count', () => {
    expect(countOf(0, 'landscape')).toBe('0 landscapes');
    expect(countOf(1, 'landscape')).toBe('1 landscape');
    expect(countOf(2, 'reply', 'replies')).toBe('2 replies');
    expect(nounFor(1, 'chat message')).toBe('chat message');
    expect(nounFor(5, 'chat message')).toBe('chat messages');
  });
});
