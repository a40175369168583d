import type { ChatDone, ChatStopBody } from '@app/contracts/chat.ts';
import { api } from '../../../lib/api-client.ts';

// Behind several server processes the stop may reach one that is not giving the answer: it
// finds the answer once the other process has noticed the closed stream and stored it.
const TRIES = 5;
const BETWEEN_TRIES_MS = 300;

/**
 * POST /api/chat/sessions/:id/stop: the stored exchange, its answer cut to what was shown and
 * marked stopped, or null when the answer was not stored in time.
 */
export async function stopAnswer(sessionId: string, stop: ChatStopBody): Promise<ChatDone | null> {
  const url = `/api/chat/sessions/${encodeURIComponent(sessionId)}/stop`;
  for (let attempt = 1; ; attempt += 1) {
    const { data } = await api.post<{ data: ChatDone | null }>(url, stop);
    if (data.data || attempt >= TRIES) return data.data;
    await new Promise((resolve) => setTimeout(resolve, BETWEEN_TRIES_MS));
  }
}
