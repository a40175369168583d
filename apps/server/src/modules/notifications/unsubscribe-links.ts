import { createHmac, timingSafeEqual } from 'node:crypto';

// The digest mails' one-click unsubscribe link (RFC 8058): it must work without signing in, from
// a mail client's POST, for as long as the mail is kept. So it is signed rather than stored: an
// HMAC of the person's id under a key derived from the server's signing secret. It does one thing
// only (email off), so a link that never expires is acceptable; rotating JWT_SECRET voids them all.

const PURPOSE = 'notifications:unsubscribe:v1';

export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    serverSecret: string,
    private readonly appUrl: string,
  ) {
    this.key = createHmac('sha256', serverSecret).update(PURPOSE).digest();
  }

  private signature(userId: string): Buffer {
    return createHmac('sha256', this.key).update(userId).digest();
  }

  tokenFor(userId: string): string {
    return `${Buffer.from(userId).toString('base64url')}.${this.signature(userId).toString('base64url')}`;
  }

  urlFor(userId: string): string {
    return `${this.appUrl}/api/notifications/unsubscribe?token=${this.tokenFor(userId)}`;
  }

  /** The person a token was made for, or null when it is not one of ours. */
  userOf(token: string): string | null {
    const [id, signature] = token.split('.');
    if (!id || !signature || token.split('.').length !== 2) return null;
    const userId = Buffer.from(id, 'base64url').toString('utf8');
    const given = Buffer.from(signature, 'base64url');
    const expected = this.signature(userId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }
}
