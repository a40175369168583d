import { create } from 'zustand';

/**
 * How the question in flight ended, when it did not end stored: stopped by the person (until the
 * stored answer arrives), failed, or refused because the day's messages are used up.
 */
export type PendingStatus = 'streaming' | 'stopped' | 'error' | 'limited';

/** The question being answered (or just failed or stopped), shown until the stored copy arrives. */
export interface PendingExchange {
  sessionId: string;
  question: string;
  /** What has streamed so far. */
  text: string;
  status: PendingStatus;
  error?: string;
  /** How many messages the conversation held before this question. */
  base: number;
}

interface ChatStreamState {
  pending: PendingExchange | null;
  controller: AbortController | null;
  /**
   * From a send's first moment (before its conversation exists) until it settles. One send at a
   * time: a double click must not create two conversations or spend two messages.
   */
  sending: boolean;
  /** Marks a send as started; false when one is already on its way. */
  startSending: () => boolean;
  endSending: () => void;
  begin: (pending: Omit<PendingExchange, 'text' | 'status'>, controller: AbortController) => void;
  append: (text: string) => void;
  settle: (status: Exclude<PendingStatus, 'streaming'>, error?: string) => void;
  clear: () => void;
}

// Kept outside the page so an answer keeps streaming while /chat becomes /chat/:sessionId.
export const useChatStream = create<ChatStreamState>()((set, get) => ({
  pending: null,
  controller: null,
  sending: false,
  startSending: () => {
    if (get().sending) return false;
    set({ sending: true });
    return true;
  },
  endSending: () => set({ sending: false }),
  begin: (pending, controller) => set({ pending: { ...pending, text: '', status: 'streaming' }, controller }),
  append: (text) =>
    set((state) => (state.pending ? { pending: { ...state.pending, text: state.pending.text + text } } : {})),
  settle: (status, error) =>
    set((state) => (state.pending ? { pending: { ...state.pending, status, error }, controller: null } : {})),
  clear: () => set({ pending: null, controller: null }),
}));
