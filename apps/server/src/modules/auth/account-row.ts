import type { User } from '@app/contracts/auth.ts';
import type { UsersTable } from './tables.ts';

/** A person as the rest of the server sees them (never with the password hash). */
export interface Account extends User {
  disabled: boolean;
}

/** The columns of a person that may leave the auth module: the one list every query selects. */
export const ACCOUNT_COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'email_verified',
  'disabled',
  'created_at',
] as const satisfies readonly (keyof UsersTable)[];

type OfUsers<Columns extends readonly string[]> = { [Index in keyof Columns]: `users.${Columns[Index]}` };

/** The same columns named through the users table, for queries that join it. */
export const ACCOUNT_COLUMNS_OF_USERS = ACCOUNT_COLUMNS.map(
  (column) => `users.${column}` as const,
) as unknown as OfUsers<typeof ACCOUNT_COLUMNS>;

export type AccountRow = Pick<UsersTable, (typeof ACCOUNT_COLUMNS)[number]>;

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'user',
    emailVerified: row.email_verified === 1,
    createdAt: row.created_at,
    disabled: row.disabled === 1,
  };
}
