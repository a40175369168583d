// A sentence's frame: the sentence with every name, number and date masked, so that two sentences
// that differ only in which planet, sign or day they name count as one. Used to measure how much
// of what the product writes a reader has read before.

import { splitSentences } from '../claims/sentence-splitter.ts';
import { ASPECTS, BODIES, SIGNS } from '../knowledge.ts';

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const NAMES = [
  ...Object.values(BODIES).map((b) => b.name.replace(/^(the|your) /, '')),
  ...Object.values(SIGNS).map((s) => s.name),
  ...Object.keys(ASPECTS),
  ...Object.values(ASPECTS).map((a) => a.verb),
  'Sun',
  'Moon',
  'North Node',
  'Node',
  'Lilith',
  'Ascendant',
  'Midheaven',
  'sextiles?',
  'squares?',
  'trines?',
  'oppositions?',
  'conjunctions?',
  'conjunct',
  'opposes',
  'New',
  'Full',
]
  .sort((a, b) => b.length - a.length)
  .join('|');
const NAME = new RegExp(`\\b(?:${NAMES})\\b`, 'gi');
const MONTH = new RegExp(`\\b(?:${MONTHS}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\b`, 'g');
const NUMBER = /\b\d+(?:[.:]\d+)*(?:st|nd|rd|th)?\b/g;
const ORDINAL = /\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)\b/gi;

export function frameOf(sentence: string): string {
  return sentence
    .replace(NAME, '#')
    .replace(MONTH, '@')
    .replace(NUMBER, '0')
    .replace(ORDINAL, '0')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The sentences of a text, as a reader takes them. */
export function sentencesOf(text: string): string[] {
  return splitSentences(text)
    .map((s) => s.trim())
    .filter(Boolean);
}
