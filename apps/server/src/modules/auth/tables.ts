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
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
}

export type SecretPurpose = 'verify-email' | 'reset-password';

export interface AccountSecretsTable {
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
}
