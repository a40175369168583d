import type { User } from '@app/contracts/auth.ts';
import type { Account } from './repository.ts';

// How an account is shown: to its owner, and in the mail sent to it.

export function publicUser(account: Account): User {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    emailVerified: account.emailVerified,
    createdAt: account.createdAt,
  };
}

/** The name to greet with: only an account that proved its address chose what its mail says. */
export const verifiedName = (account: Account) => (account.emailVerified ? account.name : undefined);
