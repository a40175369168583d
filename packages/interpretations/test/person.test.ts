import { describe, expect, it } from 'vitest';
import { mentionedPerson } from '../src/assistant/person.ts';

const people = [
  { name: 'Grace Hopper', relation: 'partner' },
  { name: 'Alex', relation: 'friend' },
  { name: 'Sam', relation: 'friend' },
  { name: 'Mira', relation: 'parent' },
];

describe('who a question names', () => {
  it.each([
    ['How compatible am I with Alex?', 'Alex'],
    ['me and grace??', 'Grace Hopper'],
    ['what about Grace Hopper and me this month', 'Grace Hopper'],
    ['is my wife and I a good match', 'Grace Hopper'],
    ['how do I get on with my boyfriend', 'Grace Hopper'],
    ['what does my chart say about me and my mum', 'Mira'],
    ['ALEX and me this week?', 'Alex'],
  ])('%s → %s', (question, name) => {
    expect(mentionedPerson(question, people)?.name).toBe(name);
  });

  it.each([
    'What does my Moon sign mean?',
    'how compatible am I with my friend', // two friends: ask which
    'Alexander the Great was a Leo, right?',
    'is samba good for me',
    'Alex and Sam: who suits me better?',
  ])('names no one: %s', (question) => {
    expect(mentionedPerson(question, people)).toBeNull();
  });
});
