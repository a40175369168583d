import { TOAST_DEFAULT_DURATION_MS } from '@app/contracts/constants.ts';
import { create } from 'zustand';

type ToastVariant = 'info' | 'success' | 'error';

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. */
  duration: number;
  /** Names what the toast is about, so it can be taken back when that stops being true. */
  tag?: string;
}

type ToastInput = Omit<Toast, 'id' | 'variant' | 'duration'> & Partial<Pick<Toast, 'variant' | 'duration'>>;

interface ToastState {
  toasts: Toast[];
  addToast: (toast: ToastInput) => string;
  dismissToast: (id: string) => void;
  /** Closes every toast with this tag. */
  dismissTagged: (tag: string) => void;
  clearToasts: () => void;
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function stopTimer(id: string) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  addToast: (input) => {
    counter += 1;
    const toast: Toast = {
      variant: 'info',
      duration: TOAST_DEFAULT_DURATION_MS,
      ...input,
      id: `toast-${counter}`,
    };
    set({ toasts: [...get().toasts, toast] });
    if (toast.duration > 0) {
      timers.set(
        toast.id,
        setTimeout(() => get().dismissToast(toast.id), toast.duration),
      );
    }
    return toast.id;
  },
  dismissToast: (id) => {
    stopTimer(id);
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
  dismissTagged: (tag) => {
    for (const toast of get().toasts) if (toast.tag === tag) get().dismissToast(toast.id);
  },
  clearToasts: () => {
    for (const id of timers.keys()) stopTimer(id);
    set({ toasts: [] });
  },
}));

/** Shorthand for code outside React components. */
export const toast = {
  success: (title: string, description?: string) =>
    useToasts.getState().addToast({ title, description, variant: 'success' }),
  error: (title: string, description?: string) =>
    useToasts.getState().addToast({ title, description, variant: 'error' }),
  info: (title: string, description?: string) =>
    useToasts.getState().addToast({ title, description, variant: 'info' }),
};
