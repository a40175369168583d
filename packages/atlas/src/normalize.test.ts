import { describe, expect, it } from 'vitest';
import { foldName } from './normalize.ts';

describe('foldName', () => {
  it.each([
    ['Zürich', 'zurich'],
    ['São Paulo', 'sao paulo'],
    ['SÃO  PAULO', 'sao paulo'],
    ['Straße', 'strasse'],
    ['Saint-Étienne', 'saint etienne'],
    ['’s-Hertogenbosch', 's hertogenbosch'],
    ['Łódź', 'lodz'],
    ['İstanbul', 'istanbul'],
    ['Ærøskøbing', 'aeroskobing'],
    ['Þórshöfn', 'thorshofn'],
    ['  Zürich (Kreis 3) ', 'zurich kreis 3'],
    ['Москва', 'москва'],
    ['---', ''],
  ])('%s -> %s', (input, folded) => {
    expect(foldName(input)).toBe(folded);
  });
});
