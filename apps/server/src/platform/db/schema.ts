import type { AuthTables } from '../../modules/auth/tables.ts';
import type { BirthDataTables } from '../../modules/birth-data/tables.ts';
import type { ChatTables } from '../../modules/chat/tables.ts';
import type { ContactTables } from '../../modules/contact/tables.ts';
import type { LandscapeTables } from '../../modules/landscape/tables.ts';
import type { NotificationTables } from '../../modules/notifications/tables.ts';
import type { PartnerTables } from '../../modules/partners/tables.ts';
import type { SubscriptionTables } from '../../modules/subscription/tables.ts';
import type { AuditTables } from '../audit/tables.ts';
import type { MailTables } from '../mailer/tables.ts';

/** The row the readiness check rewrites (see isWritable). */
interface PlatformTables {
  readiness_probe: { id: number; checked_at: string };
}

/** Every table of the product; each module declares (and owns) its own. */
export interface Tables
  extends PlatformTables,
    AuthTables,
    MailTables,
    AuditTables,
    SubscriptionTables,
    BirthDataTables,
    PartnerTables,
    ContactTables,
    LandscapeTables,
    ChatTables,
    NotificationTables {}
