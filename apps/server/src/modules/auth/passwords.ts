import { randomBytes } from 'node:crypto';
import { hash, type Options, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// argon2id with the parameters recommended for interactive logins (19 MiB, 2 passes, 1 lane).
// Algorithm.Argon2id is a const enum (2), which isolated modules cannot import by name.
const ARGON2: Options = {
  algorithm: 2 as Options['algorithm'],
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export class PasswordHasher {
  // Made at start, so that not even the first unknown address answers at a different speed.
  private readonly dummy: Promise<string> = this.hash(randomBytes(16).toString('base64url'));

  hash(password: string): Promise<string> {
    return hash(password, ARGON2);
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return verify(passwordHash, password).catch(() => false);
  }

  /** Spends the same work as a real check, so an unknown address answers as slowly as a known one. */
  async verifyDummy(password: string): Promise<false> {
    await this.verify(await this.dummy, password);
    return false;
  }
}

const COMMON = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones. Please choose something harder to guess.';
export const PASSWORD_HAS_EMAIL_MESSAGE =
  'Please choose a password that does not contain your email address.';

/** Length is checked by the schema; this refuses guessable choices. Returns a message or null. */
export function passwordProblem(password: string, email: string): string | null {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return COMMON_PASSWORD_MESSAGE;
  const local = email.split('@')[0] ?? '';
  // Very short local parts ("jo") would refuse too many honest passwords.
  if (lower.includes(email) || (local.length >= 4 && lower.includes(local)))
    return PASSWORD_HAS_EMAIL_MESSAGE;
  return null;
}
