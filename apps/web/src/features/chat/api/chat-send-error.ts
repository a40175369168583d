import type { ChatMessage } from '@app/contracts/chat.ts';

export interface SentExchange {
  sessionId: string;
  userMessage: ChatMessage;
  message: ChatMessage;
}

/** A refusal before the stream (its status and code), a broken connection, or a stream cut short. */
export class ChatSendError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ChatSendError';
  }
}

export const CUT_OFF_MESSAGE = 'The answer was cut off. Please try again.';

/** How a stopped answer rejects when its stored copy could not be had (as fetch does when aborted). */
export const stoppedError = () => new DOMException('The answer was stopped.', 'AbortError');
