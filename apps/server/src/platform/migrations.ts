import * as auditLog from './audit/migrations/0005-audit-log.ts';
import * as readinessProbe from './db/migrations/0007-readiness-probe.ts';
import * as mailOutbox from './mailer/migrations/0002-mail-outbox.ts';
import * as mailHeaders from './mailer/migrations/0009-mail-headers.ts';
import type { Migrations } from './module.ts';

/** The platform's own tables: the mail outbox, the operators' audit log and the readiness probe. */
export const platformMigrations: Migrations = {
  '0002-mail-outbox': mailOutbox,
  '0005-audit-log': auditLog,
  '0007-readiness-probe': readinessProbe,
  '0009-mail-headers': mailHeaders,
};
