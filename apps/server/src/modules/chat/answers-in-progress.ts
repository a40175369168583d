import type { ChatMessage } from '@app/contracts/chat.ts';

/** An answer this process is giving: what a stop needs to end it where the person's screen did. */
export class AnswerInProgress {
  /** How many characters the person was shown when they stopped it, once they did. */
  shown: number | undefined;
  /** The stored answer once stored (null when it could not be). */
  readonly stored: Promise<ChatMessage | null>;
  private settle: (message: ChatMessage | null) => void = () => undefined;

  constructor(
    readonly owner: { userId: string; sessionId: string },
    private readonly stopper: AbortController,
  ) {
    this.stored = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  stop(shown: number): void {
    this.shown = Math.min(this.shown ?? shown, shown);
    this.stopper.abort();
  }

  settled(message: ChatMessage | null): void {
    this.settle(message);
  }
}

/**
 * The answers being given in this process, by the id of the question they answer. A stop that
 * reaches another process (server-sent events behind a balancer) finds none and cuts the stored
 * answer instead, once it is stored.
 */
export class AnswersInProgress {
  private readonly byQuestion = new Map<string, AnswerInProgress>();

  begin(
    questionId: string,
    owner: { userId: string; sessionId: string },
    stopper: AbortController,
  ): AnswerInProgress {
    const answer = new AnswerInProgress(owner, stopper);
    this.byQuestion.set(questionId, answer);
    return answer;
  }

  /** The answer to that question of the person's conversation, if this process is giving it. */
  of(questionId: string, owner: { userId: string; sessionId: string }): AnswerInProgress | undefined {
    const answer = this.byQuestion.get(questionId);
    return answer?.owner.userId === owner.userId && answer.owner.sessionId === owner.sessionId
      ? answer
      : undefined;
  }

  end(questionId: string, message: ChatMessage | null): void {
    this.byQuestion.get(questionId)?.settled(message);
    this.byQuestion.delete(questionId);
  }
}
