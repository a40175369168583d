import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay (or shape) the answer, like mail for enumeration-safe endpoints: run
 * after the answer, failures logged, and awaitable as a whole (tests, shutdown).
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(task: () => Promise<void>): void {
    const run = task().catch((error) => this.log.error({ err: error }, 'background account task failed'));
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  /** Resolves when the background work started so far has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
