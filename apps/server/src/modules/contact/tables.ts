import type { ContactTopic } from '@app/contracts/contact.ts';

interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
  created_at: string;
  /** When an operator marked it handled; null while it is open. */
  handled_at: string | null;
}

export interface ContactTables {
  contact_messages: ContactMessagesTable;
}
