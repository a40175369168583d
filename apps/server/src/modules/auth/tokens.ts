import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../platform/clock.ts';

const ALGORITHM = 'HS256';

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

/** Bearer tokens: HS256 JWTs naming the user (sub) and the server-side session (jti). */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setJti(claims.sessionId)
      .setIssuedAt(now)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claims of a genuine, unexpired token, or null. Only HS256 is accepted. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'jti', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.jti };
    } catch {
      return null;
    }
  }
}

/** A secret for a mailed link (256 bits, 43 base64url characters) and the hash we keep of it. */
export function newLinkSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashLinkSecret(secret) };
}

export function hashLinkSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function newId(): string {
  return randomBytes(16).toString('base64url');
}
