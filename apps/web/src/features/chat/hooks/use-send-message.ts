import type { ChatSessionDetail } from '@app/contracts/chat.ts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast-store.ts';
import { usageQuery } from '../api/chat-queries.ts';
import { ChatSendError } from '../api/chat-send-error.ts';
import { createSession } from '../api/create-session.ts';
import { sendMessage } from '../api/send-message.ts';
import { useChatStream } from '../stores/chat-stream-store.ts';

// When a stopped answer's stored copy could not be had, the server has stored it by then.
const STOPPED_REFETCH_MS = 400;

/** Creates a conversation for the first question asked on /chat and opens it; undefined when it could not. */
async function startConversation(queryClient: QueryClient, navigate: NavigateFunction) {
  try {
    const session = await createSession();
    queryClient.setQueryData<ChatSessionDetail>(queryKeys.chat.session(session.id), {
      ...session,
      messages: [],
    });
    void queryClient.invalidateQueries({ queryKey: queryKeys.chat.sessions(), exact: true });
    navigate(`/chat/${session.id}`);
    return session.id;
  } catch (error) {
    toast.error('Could not start a conversation', getErrorMessage(error));
    return undefined;
  }
}

/**
 * A refusal because the day's messages are used up, as the usage (read afresh) confirms: the same
 * code also refuses requests sent too fast, which a retry does mend.
 */
async function isDailyLimit(queryClient: QueryClient, error: unknown): Promise<boolean> {
  if (!(error instanceof ChatSendError) || error.status !== 429 || error.code !== 'RATE_LIMITED')
    return false;
  const usage = await queryClient.fetchQuery({ ...usageQuery(), staleTime: 0 }).catch(() => null);
  return usage !== null && usage.used >= usage.limit;
}

/** Asks in the conversation and streams the answer; the stored exchange replaces it when it comes. */
async function ask(queryClient: QueryClient, id: string, question: string): Promise<void> {
  const sessionKey = queryKeys.chat.session(id);
  const base = queryClient.getQueryData<ChatSessionDetail>(sessionKey)?.messages.length ?? 0;
  const controller = new AbortController();
  const stream = useChatStream.getState();
  stream.begin({ sessionId: id, question, base }, controller);
  try {
    // After a stop this is the stored answer, cut to what was shown.
    const exchange = await sendMessage(id, question, { signal: controller.signal, onText: stream.append });
    queryClient.setQueryData<ChatSessionDetail>(sessionKey, (detail) =>
      detail ? { ...detail, messages: [...detail.messages, exchange.userMessage, exchange.message] } : detail,
    );
    stream.clear();
  } catch (error) {
    if (controller.signal.aborted) {
      stream.settle('stopped');
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: sessionKey }), STOPPED_REFETCH_MS);
      return;
    }
    const limited = await isDailyLimit(queryClient, error);
    stream.settle(limited ? 'limited' : 'error', getErrorMessage(error));
    if (!limited) void queryClient.invalidateQueries({ queryKey: sessionKey });
  }
}

/** Sends a question (creating the conversation first on /chat), streams the answer, and stops it. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const send = useCallback(
    async (sessionId: string | undefined, question: string) => {
      // Taken at once, before any await: a second click finds it taken.
      if (!useChatStream.getState().startSending()) return;
      try {
        const id = sessionId ?? (await startConversation(queryClient, navigate));
        if (id) await ask(queryClient, id, question);
      } finally {
        useChatStream.getState().endSending();
        // The title may come from the first question, the order from the newest message.
        void queryClient.invalidateQueries({ queryKey: queryKeys.chat.sessions(), exact: true });
        void queryClient.invalidateQueries({ queryKey: queryKeys.chat.usage() });
      }
    },
    [navigate, queryClient],
  );

  // The answer stops on screen at once; its stored copy (what was shown) replaces it when it comes.
  const stop = useCallback(() => {
    const { pending, controller, settle } = useChatStream.getState();
    if (pending?.status !== 'streaming') return;
    controller?.abort();
    settle('stopped');
  }, []);
  return { send, stop };
}
