import type { User } from '@app/contracts/auth.ts';

/** An account younger than this is greeted as new: its owner has just signed up. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** "Welcome" for someone who has just created the account, "Welcome back" for a returning person. */
export function greeting(user: Pick<User, 'name' | 'createdAt'>, now: number = Date.now()): string {
  const created = Date.parse(user.createdAt);
  const isNew = Number.isFinite(created) && now - created < NEW_ACCOUNT_MS;
  return `${isNew ? 'Welcome' : 'Welcome back'}, ${user.name}.`;
}
