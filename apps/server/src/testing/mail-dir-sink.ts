// Run by the web app's end-to-end setup (apps/web/playwright.config.ts): receives the server's mail
// on loopback and writes each message as a JSON file ({ to, subject, text }) into MAIL_DIR, where
// the specs read it.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from './smtp-sink.ts';

const port = Number(process.env.SMTP_SINK_PORT ?? 4325);
const dir = process.env.MAIL_DIR;
if (!dir) throw new Error('MAIL_DIR must name the folder for received mail.');

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const sink = await startSmtpSink(port);
let written = 0;
// The sink keeps messages in memory; copy each new one to disk as it arrives.
const timer = setInterval(() => {
  while (written < sink.mails.length) {
    const mail = sink.mails[written]!;
    written += 1;
    const file = path.join(dir, `${String(written).padStart(5, '0')}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }));
    // Renamed into place so a reader never sees a half-written file.
    renameSync(`${file}.tmp`, file);
  }
}, 50);

console.log(`SMTP sink listening on ${sink.url}, writing to ${dir}`);

const stop = () => {
  clearInterval(timer);
  void sink.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
