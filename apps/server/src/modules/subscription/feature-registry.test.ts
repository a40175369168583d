import { describe, expect, it } from 'vitest';
import { FeatureRegistry } from './access.ts';

describe('the feature registry', () => {
  it('answers what a module declared, and refuses a second declaration or an unknown feature', () => {
    const registry = new FeatureRegistry();
    registry.declare({ id: 'comparison', planKinds: ['full'], refusal: 'Not on your plan.' });
    expect(registry.get('comparison').planKinds).toEqual(['full']);
    expect(() => registry.declare({ id: 'comparison', planKinds: ['chat'], refusal: 'x' })).toThrow(
      /declared twice/,
    );
    expect(() => registry.get('horoscope')).toThrow(/never declared/);
  });
});
