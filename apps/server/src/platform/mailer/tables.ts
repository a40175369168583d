interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  /** Extra headers as JSON (List-Unsubscribe and friends); null: none. Cleared once sent. */
  headers: string | null;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
