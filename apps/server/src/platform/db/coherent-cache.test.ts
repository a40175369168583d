import { describe, expect, it } from 'vitest';
import type { ChangeListener } from './change-feed.ts';
import { CoherentCache } from './coherent-cache.ts';

/** A feed driven by the test: `notify` delivers a notice, `up = false` is a lost connection. */
function testFeed() {
  const state = { up: true, notify: (_key: string | null) => {} };
  const watch = (onChange: ChangeListener) => {
    state.notify = onChange;
    return { catchUp: () => state.up, close: async () => {} };
  };
  return { state, watch };
}

describe('CoherentCache', () => {
  it('loads once, then serves from memory until the key changes here or elsewhere', async () => {
    const { state, watch } = testFeed();
    const cache = new CoherentCache<string>(watch);
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.read('ada', 0, load)).toBe('value 1');
    expect(await cache.read('ada', 1, load)).toBe('value 1');
    await cache.changing('ada', async () => {});
    expect(await cache.read('ada', 2, load)).toBe('value 2');
    state.notify('ada');
    expect(await cache.read('ada', 3, load)).toBe('value 3');
    // A notice without a key: anything may have changed.
    state.notify(null);
    expect(await cache.read('ada', 4, load)).toBe('value 4');
  });

  it('does not keep a read that overlapped a change, nor any read while the feed is down', async () => {
    const { state, watch } = testFeed();
    const cache = new CoherentCache<string>(watch);
    let release: () => void = () => {};
    const slow = cache.read(
      'ada',
      0,
      () => new Promise<string>((resolve) => (release = () => resolve('before'))),
    );
    await cache.changing('ada', async () => {});
    release();
    expect(await slow).toBe('before');
    expect(cache.get('ada', 1)).toBeUndefined();

    state.up = false;
    await cache.read('bob', 2, async () => 'while down');
    expect(cache.get('bob', 3)).toBeUndefined();
  });

  it('reads again after the maximum age and holds at most maxEntries keys', async () => {
    const { watch } = testFeed();
    const cache = new CoherentCache<number>(watch, { maxAgeMs: 100, maxEntries: 2 });
    await cache.read('a', 0, async () => 1);
    expect(cache.get('a', 99)).toBe(1);
    expect(cache.get('a', 100)).toBeUndefined();
    await cache.read('a', 200, async () => 1);
    await cache.read('b', 200, async () => 2);
    await cache.read('c', 200, async () => 3);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 201)).toBeUndefined();
    expect(cache.get('c', 201)).toBe(3);
  });
});
