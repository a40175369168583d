interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  /** JSON of the changed fields before and after, or null. */
  before: string | null;
  after: string | null;
  ip: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
