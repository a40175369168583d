import { randomUUID } from 'node:crypto';
import type { ContactBody } from '@app/contracts/contact.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import { clientKey, type Throttle } from '../../platform/throttle.ts';
import type { ContactConfig } from './config.ts';
import { contactForOperatorsMail, contactReceivedMail } from './mails.ts';
import type { ContactRepository, StoredContactMessage } from './repository.ts';

export const CONTACT_MESSAGES = {
  sent: 'Thank you! Your message has been sent. We have emailed you a confirmation and will reply soon.',
} as const;

export interface ContactServiceDeps {
  repo: ContactRepository;
  mailer: Mailer;
  throttle: Throttle;
  clock: Clock;
  operatorEmail: string;
  supportEmail: string;
  rules: ContactConfig['limits'];
}

/** The contact form: stored first, then mailed to the operators and acknowledged to the sender. */
export class ContactService {
  constructor(private readonly deps: ContactServiceDeps) {}

  get supportEmail(): string {
    return this.deps.supportEmail;
  }

  async send(body: ContactBody, ip: string): Promise<void> {
    const { throttle, rules, repo, mailer, clock } = this.deps;
    await throttle.take(
      { rule: rules.contactPerIp, key: `contact:ip:${clientKey(ip)}` },
      { rule: rules.contactPerAddress, key: `contact:address:${body.email}` },
    );
    const now = clock.now().toISOString();
    await repo.insert(randomUUID(), body, now);
    await mailer.queue(contactForOperatorsMail(this.deps.operatorEmail, body, now));
    await mailer.queue(contactReceivedMail(body, this.deps.supportEmail));
  }

  /** Messages sent from an address (the account export). */
  messagesFrom(email: string): Promise<StoredContactMessage[]> {
    return this.deps.repo.byEmail(email);
  }

  /** Forgets the messages sent from an address (account deletion). */
  forget(email: string): Promise<void> {
    return this.deps.repo.deleteByEmail(email);
  }
}
