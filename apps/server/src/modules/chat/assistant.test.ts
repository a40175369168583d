import { expect, it } from 'vitest';
import { piecesOf } from './assistant.ts';

it('streams a composed answer a sentence or a list line at a time, and the pieces add up to the text', () => {
  const paragraphs = [
    'Venus in Pisces: your way of loving. It works through partnerships.',
    '- **Mercury trines your natal Venus**: talk flows. Things come easily.\n- **Sun squares your natal Venus**: friction builds.',
  ];
  const pieces = [...piecesOf(paragraphs)];
  // Each list item keeps its own line, so the answer still shows as a list.
  expect(pieces.join('')).toBe(paragraphs.join('\n\n'));
  expect(pieces).toContain('Venus in Pisces: ');
  expect(pieces).toContain('Things come easily.\n');
  expect(pieces.at(-1)).toBe('friction builds.');
});
