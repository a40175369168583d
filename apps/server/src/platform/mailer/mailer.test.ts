import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from '../../testing/harness.ts';
import { startSmtpSink } from '../../testing/smtp-sink.ts';
import { ManualClock } from '../clock.ts';
import { Mailer } from './mailer.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('mail outbox', () => {
  it('keeps mail while the SMTP server is down and delivers it once it is back', async () => {
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.close(); // nothing listens on this port now
    t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    const { email } = await register(t.app);
    const outbox = () =>
      t!.app.database.db
        .selectFrom('mail_outbox')
        .select(['attempts', 'sent_at', 'last_error', 'next_attempt_at'])
        .where('recipient', '=', email)
        .executeTakeFirstOrThrow();

    expect(await t.app.mailer.flush()).toBe(0);
    const failed = await outbox();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });
    expect(failed.last_error).toBeTruthy();
    expect(Date.parse(failed.next_attempt_at) - t.clock.now().getTime()).toBe(30_000);

    const sink = await startSmtpSink(port);
    try {
      // Not due yet: the pause after a failure is respected.
      expect(await t.app.mailer.flush()).toBe(0);
      t.clock.advance(30_000);
      expect(await t.app.mailer.flush()).toBe(1);
      const mail = await sink.waitFor((m) => m.to.includes(email));
      expect(mail.subject).toContain('Confirm your email address');
      expect((await outbox()).sent_at).not.toBeNull();
      expect(await t.app.mailer.flush()).toBe(0); // sent once only
      // Once sent, the stored copy no longer holds the link.
      const stored = await t.app.database.db
        .selectFrom('mail_outbox')
        .select(['text_body', 'html_body'])
        .where('recipient', '=', email)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ text_body: '', html_body: '' });
      t.clock.advance(31 * 24 * 60 * 60_000);
      await t.app.mailer.purgeSent();
      expect(
        await t.app.database.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('recipient', '=', email)
          .execute(),
      ).toEqual([]);
    } finally {
      await sink.close();
    }
  });

  it('backs off longer after each failure', async () => {
    const probe = await startSmtpSink();
    await probe.close();
    t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${probe.port}` } });
    const { email } = await register(t.app);
    const pauses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await t.app.mailer.flush();
      const row = await t.app.database.db
        .selectFrom('mail_outbox')
        .select('next_attempt_at')
        .where('recipient', '=', email)
        .executeTakeFirstOrThrow();
      const pause = Date.parse(row.next_attempt_at) - t.clock.now().getTime();
      pauses.push(pause);
      t.clock.advance(pause);
    }
    expect(pauses).toEqual([30_000, 60_000, 120_000]);
  });

  it('without SMTP keeps mail in the outbox and prints it, link included, to the log', async () => {
    t = await createTestApp();
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const mailer = new Mailer(t.app.database.db, new ManualClock(), log, {
      smtpUrl: undefined,
      from: 'x@y.z',
    });
    await mailer.queue({
      to: 'reader@example.com',
      subject: 'Hello',
      text: 'Open http://app.test/#/verify-email/abc',
      html: '<p>hi</p>',
    });
    expect(lines.join('')).toContain('http://app.test/#/verify-email/abc');
    expect(await mailer.flush()).toBe(0);
    const rows = await t.app.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'sent_at'])
      .where('recipient', '=', 'reader@example.com')
      .execute();
    expect(rows).toEqual([{ subject: 'Hello', sent_at: null }]);
  });
});
