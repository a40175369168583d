import { create } from 'zustand';

/** The question being answered (or just failed or stopped), shown until the stored copy arrives. */
export interface PendingExchange {
  sessionId: string;
  question: string;
  /** What has streamed so far. */
  text: string;
  status: 'streaming' | 'stopped' | 'error';
  error?: string;
  /** How many messages the conversation held before this question. */
  base: number;
}

interface ChatStreamState {
  pending: PendingExchange | null;
  controller: AbortController | null;
  begin: (pending: Omit<PendingExchange, 'text' | 'status'>, controller: AbortController) => void;
  append: (text: string) => void;
  settle: (status: 'stopped' | 'error', error?: string) => void;
  clear: () => void;
}

// Kept outside the page so an answer keeps streaming while /chat becomes /chat/:sessionId.
export const useChatStream = create<ChatStreamState>()((set) => ({
  pending: null,
  controller: null,
  begin: (pending, controller) => set({ pending: { ...pending, text: '', status: 'streaming' }, controller }),
  append: (text) =>
    set((state) => (state.pending ? { pending: { ...state.pending, text: state.pending.text + text } } : {})),
  settle: (status, error) =>
    set((state) => (state.pending ? { pending: { ...state.pending, status, error }, controller: null } : {})),
  clear: () => set({ pending: null, controller: null }),
}));
