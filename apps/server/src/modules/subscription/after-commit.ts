import type { FastifyBaseLogger } from 'fastify';

/**
 * Work to do once a payment transaction has committed (mails, partner credits): a failure there is
 * logged and never undoes the payment.
 */
export class AfterCommit {
  private readonly tasks: (() => Promise<void>)[] = [];
  add(task: () => Promise<void>): void {
    this.tasks.push(task);
  }
  async run(log: FastifyBaseLogger): Promise<void> {
    for (const task of this.tasks) {
      await task().catch((error) => log.error({ err: error }, 'subscription follow-up failed'));
    }
  }
}
