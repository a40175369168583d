import { UPDATE_CHECK_INTERVAL_MS } from '@app/contracts/constants.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleUpdateChecks } from './update-checks.ts';

describe('scheduleUpdateChecks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks every 30 minutes while online, and stops when asked', () => {
    const update = vi.fn(() => Promise.resolve());
    const stop = scheduleUpdateChecks({ update }, () => true);
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(30 * 60 * 1000);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS * 3);
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('skips checks while offline and survives a failed check', async () => {
    let online = false;
    const update = vi.fn(() => Promise.reject(new Error('unreachable')));
    const stop = scheduleUpdateChecks({ update }, () => online);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(update).not.toHaveBeenCalled();
    online = true;
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
    stop();
  });
});
