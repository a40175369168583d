import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from './toast-store.ts';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    useToasts.getState().clearToasts();
    vi.useRealTimers();
  });

  it('closes a toast after the 5000 ms default', () => {
    const id = useToasts.getState().addToast({ title: 'Saved' });
    const [toast] = useToasts.getState().toasts;
    expect(toast).toMatchObject({ id, title: 'Saved', duration: 5000, variant: 'info' });
    vi.advanceTimersByTime(4999);
    expect(useToasts.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToasts.getState().toasts).toHaveLength(0);
  });

  it('closes every toast with a tag at once, and leaves the others', () => {
    useToasts.getState().addToast({ title: 'Not yet', tag: 'pending', duration: 0 });
    useToasts.getState().addToast({ title: 'Still not', tag: 'pending' });
    useToasts.getState().addToast({ title: 'Saved' });
    useToasts.getState().dismissTagged('pending');
    expect(useToasts.getState().toasts.map((toast) => toast.title)).toEqual(['Saved']);
    // Their timers went with them.
    vi.advanceTimersByTime(5000);
    expect(useToasts.getState().toasts).toHaveLength(0);
  });

  it('keeps a toast with duration 0 until it is dismissed', () => {
    const id = useToasts.getState().addToast({ title: 'Read me', duration: 0, variant: 'error' });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(useToasts.getState().toasts.map((toast) => toast.id)).toEqual([id]);
    useToasts.getState().dismissToast(id);
    expect(useToasts.getState().toasts).toHaveLength(0);
  });

  it('honours a custom duration and gives every toast its own id', () => {
    const a = useToasts.getState().addToast({ title: 'A', duration: 1000 });
    const b = useToasts.getState().addToast({ title: 'B' });
    expect(a).not.toBe(b);
    vi.advanceTimersByTime(1000);
    expect(useToasts.getState().toasts.map((toast) => toast.title)).toEqual(['B']);
  });

  it('a dismissed toast does not come back when its timer would have fired', () => {
    const id = useToasts.getState().addToast({ title: 'Gone' });
    useToasts.getState().dismissToast(id);
    const keep = useToasts.getState().addToast({ title: 'Stays', duration: 0 });
    vi.advanceTimersByTime(10_000);
    expect(useToasts.getState().toasts.map((toast) => toast.id)).toEqual([keep]);
  });
});
