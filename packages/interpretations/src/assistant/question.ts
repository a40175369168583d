// What a question asks, as the built-in assistant understands it: the kind of question and what
// it names (a planet, a sign, a house, a term, a topic, a feeling) and the window of time it means.

const TOPICS = [
  'career',
  'money',
  'love',
  'family',
  'friends',
  'health',
  'creativity',
  'learning',
  'spirituality',
] as const;
export type Topic = (typeof TOPICS)[number];

const FEELINGS = [
  'anxious',
  'stuck',
  'sad',
  'restless',
  'tired',
  'angry',
  'lonely',
  'overwhelmed',
  'hopeful',
] as const;
export type Feeling = (typeof FEELINGS)[number];

/** Terms with a definition: signs, bodies and points, houses ("house-7"), aspects and concepts. */
export const CONCEPTS = [
  'retrograde',
  'transit',
  'natal-chart',
  'house',
  'aspect',
  'sign',
  'planet',
  'nodes',
  'void-of-course',
  'return',
  'orb',
  'house-system',
  'chart-ruler',
  'element',
  'modality',
  'moon-phase',
  'station',
  'ingress',
  'new-moon',
  'full-moon',
  'big-three',
  'rising',
  'dignity',
] as const;

/** A span of days the question means, from the start of the person's day. */
export interface Window {
  /** As the answer names it: "this week", "next month", "the weeks until summer". */
  label: string;
  /** Days from today (0) to the first day, and how many days. */
  from: number;
  days: number;
}

export type ChartFact =
  | 'big-three'
  | 'ruler'
  | 'elements'
  | 'modalities'
  | 'moon-phase'
  | 'dominant'
  | 'placement'
  | 'aspects'
  | 'house';

export type SkyFact = 'moon-sign' | 'moon-phase' | 'retrograde' | 'next-ingress' | 'next-station' | 'today';

export type Question =
  | { kind: 'refuse'; topic: 'lottery' | 'medical' | 'legal' | 'financial' }
  | { kind: 'greeting' }
  | { kind: 'off-topic' }
  /** "Is this a good week to ask for a raise?": the activity's topic over the window. */
  | { kind: 'timing'; topic: Topic | null; activity: string; window: Window }
  /** "How will Saturn affect me this year?" */
  | { kind: 'forecast'; body: string; window: Window }
  | { kind: 'topic'; topic: Topic; window: Window | null }
  | { kind: 'definition'; term: string }
  | { kind: 'chart'; fact: ChartFact; body?: string; house?: number; aspect?: string }
  | { kind: 'sky'; fact: SkyFact; body?: string }
  | { kind: 'transits'; window: Window; body?: string }
  /** One transit by name: "What does “Saturn squares your natal Sun” mean for me?" */
  | { kind: 'transit'; body: string; point: string; aspect: string }
  | { kind: 'feeling'; feeling: Feeling }
  | { kind: 'compatibility'; sign: string }
  | { kind: 'summary' }
  | { kind: 'strengths' }
  | { kind: 'challenges' }
  /** "Why?" after an answer: the reasons behind the previous one. */
  | { kind: 'why' }
  | { kind: 'unclear' };
