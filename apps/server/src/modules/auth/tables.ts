import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  role: string;
  email_verified: number;
  disabled: number;
  created_at: string;
  updated_at: string;
  /** The latest "last seen" of the account's deleted sessions (the open ones carry their own). */
  last_seen_at: Generated<string | null>;
}

interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
  /** When this session passed the second factor (null: not yet). */
  second_factor_at: string | null;
}

interface SecondFactorsTable {
  user_id: string;
  /** The TOTP secret, encrypted (see second-factor.ts). */
  secret: string;
  confirmed_at: string | null;
  /** JSON array of SHA-256 hashes of the unused recovery codes. */
  recovery_codes: string;
  last_step: number | null;
  created_at: string;
}

export type SecretPurpose = 'verify-email' | 'reset-password';

interface AccountSecretsTable {
  id: string;
  user_id: string;
  purpose: SecretPurpose;
  secret_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  account_secrets: AccountSecretsTable;
  second_factors: SecondFactorsTable;
}
