import { createHash, randomBytes } from 'node:crypto';

/** A secret for a mailed link (256 bits, 43 base64url characters) and the hash we keep of it. */
export function newLinkSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashLinkSecret(secret) };
}

/** Only the hash is stored, so a copy of the database opens no link. */
export function hashLinkSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
