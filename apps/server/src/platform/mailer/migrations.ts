import type { Migrations } from '../module.ts';
import * as mailOutbox from './migrations/0002-mail-outbox.ts';

/** The platform's own tables: the mail outbox. */
export const platformMigrations: Migrations = { '0002-mail-outbox': mailOutbox };
