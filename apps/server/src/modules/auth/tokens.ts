import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../platform/clock.ts';

const ALGORITHM = 'HS256';
const VERIFIED_CACHE_SIZE = 10_000;

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

/** Bearer tokens: HS256 JWTs naming the user (sub) and the server-side session (jti). */
export class TokenSigner {
  // A KeyObject made once: handing jose raw bytes would import the key again on every request.
  private readonly key: KeyObject;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  private remember(token: string, claims: TokenClaims, expiresAt: number): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, { claims, expiresAt });
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

  /**
   * The claims of a token verified before, checked for expiry only (its signature and claims never
   * change); undefined when the token is new and needs `verify`. Answers without waiting.
   */
  remembered(token: string, nowMs: number): TokenClaims | null | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    return known.expiresAt > nowMs ? known.claims : null;
  }

  /** The claims of a genuine, unexpired token, or null. Only HS256 is accepted. */
  async verify(token: string): Promise<TokenClaims | null> {
    // jose verifies through WebCrypto, which hops to a worker thread: remember what it accepted.
    const known = this.remembered(token, this.clock.now().getTime());
    if (known !== undefined) return known;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'jti', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
      const claims = { userId: payload.sub, sessionId: payload.jti };
      this.remember(token, claims, (payload.exp ?? 0) * 1000);
      return claims;
    } catch {
      return null;
    }
  }
}

export function newId(): string {
  return randomBytes(16).toString('base64url');
}
