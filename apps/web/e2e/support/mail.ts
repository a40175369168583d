import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface SinkMail {
  to: string[];
  subject: string;
  text: string;
}

function mailDir(): string {
  const dir = process.env.MAIL_DIR;
  if (!dir) throw new Error('MAIL_DIR is not set: run the specs through playwright.config.ts');
  return dir;
}

function readAll(): SinkMail[] {
  return readdirSync(mailDir())
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(mailDir(), name), 'utf8')) as SinkMail);
}

/** Every mail to `address` so far, oldest first. */
export function mailsTo(address: string): SinkMail[] {
  return readAll().filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** Waits for the `count`-th mail to `address` whose subject matches, and returns it. */
export async function waitForMail(address: string, subject: RegExp, count = 1): Promise<SinkMail> {
  let found: SinkMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address).filter((mail) => subject.test(mail.subject))[count - 1];
        return Boolean(found);
      },
      { timeout: 15_000, message: `mail ${subject} number ${count} to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that leads into the app at the given hash route. */
export function linkIn(
  mail: SinkMail,
  route: 'verify-email' | 'reset-password' | 'partners/confirm',
): string {
  const match = new RegExp(`https?://\\S+/#/${route}/[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${route} link in mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}
