import type { ContactTopic } from '@app/contracts/contact.ts';

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
  created_at: string;
}

export interface ContactTables {
  contact_messages: ContactMessagesTable;
}
