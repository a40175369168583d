import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback that keeps what it receives, for tests to read.

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The message's top-level headers by lower-case name (unfolded). */
  headers: Record<string, string>;
}

export interface SmtpSink {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Waits for a mail matching the test (polling, bounded). */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const parsed = parseMessage(Buffer.concat(chunks).toString('utf8'));
        mails.push({ ...parsed, to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  // A client gone mid-conversation (a server process killed) is the client's problem, not the sink's.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    async waitFor(match, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = mails.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('no matching mail arrived');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function headerValue(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
}

function headerMap(headers: string): Record<string, string> {
  const lines = headers.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  return Object.fromEntries(
    lines.flatMap((line) => {
      const at = line.indexOf(':');
      return at > 0 ? [[line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()]] : [];
    }),
  );
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodeSubject(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replaceAll('_', ' '), 'quoted-printable'),
  );
}

/** Enough MIME to read what our mailer sends: one part, or multipart/alternative of text and HTML. */
function parseMessage(raw: string): Omit<ReceivedMail, 'to'> {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const type = headerValue(headers, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  let text = '';
  let html = '';
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${headers}\r\n\r\n${body}`];
  for (const part of parts) {
    const at = part.indexOf('\r\n\r\n');
    const partHeaders = part.slice(0, at);
    const content = decodeBody(part.slice(at + 4), headerValue(partHeaders, 'Content-Transfer-Encoding'));
    if (/text\/html/i.test(headerValue(partHeaders, 'Content-Type'))) html = content;
    else text = content;
  }
  return { subject: decodeSubject(headerValue(headers, 'Subject')), text, html, headers: headerMap(headers) };
}
