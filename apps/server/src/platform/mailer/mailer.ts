import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Tables } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058); never built from what a person typed. */
  headers?: Record<string, string>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
}

const CLAIM_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
const BATCH = 20;
const KEEP_SENT_MS = 30 * 24 * 60 * 60_000;

/**
 * Mail goes through the outbox table: queue() stores it, the sender loop delivers it over SMTP and
 * retries with growing pauses while the SMTP server is unreachable. Without SMTP the mail stays in
 * the outbox and is printed to the log, so a person running the product locally can follow links.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: MailerOptions,
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  /**
   * Stores the mail for sending. Inside a transaction (`trx`), the sender cannot see it before the
   * commit: call sendSoon() after it.
   */
  async queue(message: MailMessage, trx?: Kysely<Tables>): Promise<void> {
    const now = this.clock.now().toISOString();
    await (trx ?? this.db)
      .insertInto('mail_outbox')
      .values({
        id: randomUUID(),
        recipient: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        created_at: now,
        attempts: 0,
        next_attempt_at: now,
        claimed_until: null,
        sent_at: null,
        last_error: null,
        headers: message.headers ? JSON.stringify(message.headers) : null,
      })
      .execute();
    if (!this.transport) {
      this.log.info(
        `Mail kept in the outbox (no SMTP_URL set)\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`,
      );
      return;
    }
    if (!trx) this.sendSoon();
  }

  /** Looks at the outbox now rather than at the next poll. */
  sendSoon(): void {
    if (this.transport) this.schedule(0);
  }

  /**
   * Sends every due mail. Calls during a pass join it, and the pass then runs once more so that
   * mail queued meanwhile is not left for the next poll. Returns how many were sent.
   */
  flush(): Promise<number> {
    if (!this.transport) return Promise.resolve(0);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let sent = 0;
      do {
        this.again = false;
        sent += await this.sendDue();
      } while (this.again && !this.stopped);
      return sent;
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Removes the stored mail addressed to someone (their account is being deleted), or only that queued since a time. */
  async forget(recipient: string, since?: string): Promise<void> {
    let query = this.db.deleteFrom('mail_outbox').where('recipient', '=', recipient);
    if (since) query = query.where('created_at', '>=', since);
    await query.execute();
  }

  /** Deletes the record of mail sent more than a month ago. */
  async purgeSent(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - KEEP_SENT_MS).toISOString();
    await this.db.deleteFrom('mail_outbox').where('sent_at', '<', before).execute();
  }

  start(intervalMs = 5_000): void {
    if (!this.transport || !this.stopped) return;
    this.stopped = false;
    this.pollMs = intervalMs;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport?.close();
  }

  private pollMs = 5_000;

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.flush()
        .catch((error) => this.log.error({ err: error }, 'mail outbox pass failed'))
        .finally(() => this.schedule(this.pollMs));
    }, delayMs);
    this.timer.unref();
  }

  private async sendDue(): Promise<number> {
    const transport = this.transport!;
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const due = await this.db
      .selectFrom('mail_outbox')
      .select(['id', 'recipient', 'subject', 'text_body', 'html_body', 'attempts', 'headers'])
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
      .orderBy('created_at')
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const mail of due) {
      // Claim the row so that a second server process does not send it too.
      const claimed = await this.db
        .updateTable('mail_outbox')
        .set({ claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString() })
        .where('id', '=', mail.id)
        .where('sent_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      try {
        await transport.sendMail({
          from: this.options.from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body,
          ...(mail.headers && { headers: JSON.parse(mail.headers) as Record<string, string> }),
        });
        await this.db
          .updateTable('mail_outbox')
          // Sent mail keeps its envelope only: the bodies and headers may hold live link secrets.
          .set({
            sent_at: this.clock.now().toISOString(),
            claimed_until: null,
            last_error: null,
            text_body: '',
            html_body: '',
            headers: null,
          })
          .where('id', '=', mail.id)
          .execute();
        sent += 1;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const pause = Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);
        this.log.warn({ mailId: mail.id, attempts, err: error }, 'mail not sent; will retry');
        await this.db
          .updateTable('mail_outbox')
          .set({
            attempts,
            next_attempt_at: new Date(this.clock.now().getTime() + pause).toISOString(),
            claimed_until: null,
            last_error: String((error as Error).message ?? error).slice(0, 500),
          })
          .where('id', '=', mail.id)
          .execute();
      }
    }
    return sent;
  }
}
