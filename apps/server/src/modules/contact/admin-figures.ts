import type { ContactRepository } from './repository.ts';

/** What the admin area may read of the contact messages (decision 0219). */
interface ContactFigures {
  /** Messages no operator has handled yet. */
  openMessages(): Promise<number>;
  /** The senders' names and addresses by message id (the audit log shows them). */
  sendersOf(ids: readonly string[]): Promise<Map<string, { name: string; email: string }>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    contactFigures: ContactFigures;
  }
}

/** The port over the contact repository: the inbox and the figures count the same rows. */
export const contactFiguresOf = (repo: ContactRepository): ContactFigures => ({
  openMessages: () => repo.inboxCount('open'),
  sendersOf: (ids) => repo.sendersOf(ids),
});
