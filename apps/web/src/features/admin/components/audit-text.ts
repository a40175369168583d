import type { AdminAuditEntry } from '@app/contracts/admin.ts';
import { formatDate } from './table.tsx';

// The audit log in words: a name for each action, the changed fields as "Role: user → admin",
// and the people by name. What is not known here (an action or a field added later) shows as it
// is stored, so nothing is hidden.

const ACTIONS = new Map<string, string>([
  ['user.update', 'Account changed'],
  ['user.delete', 'Account deleted'],
  ['user.enrol-second-factor', 'Two-step sign-in set up'],
  ['user.reset-second-factor', 'Two-step sign-in reset'],
  ['partner.approve', 'Partner approved'],
  ['partner.reject', 'Partner application rejected'],
  ['contact.reply', 'Contact message answered'],
  ['contact.handled', 'Contact message marked handled'],
]);

/** The fields an action's name already tells (and a deletion's target names), left out of its changes. */
const TOLD_BY_ACTION = new Map<string, readonly string[]>([
  ['user.delete', ['email', 'name']],
  ['user.enrol-second-factor', ['secondFactor']],
  ['user.reset-second-factor', ['secondFactor']],
  ['contact.reply', ['handledAt']],
  ['contact.handled', ['handledAt']],
]);

const TARGET_KINDS = new Map<string, string>([
  ['user', 'Account'],
  ['partner-application', 'Partner application'],
  ['contact-message', 'Contact message'],
]);

const LONGEST_TEXT = 120;

function shown(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string')
    return value.length > LONGEST_TEXT ? `${value.slice(0, LONGEST_TEXT - 1).trimEnd()}…` : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const percent = (value: unknown) =>
  typeof value === 'number' ? `${Math.round(value * 1000) / 10} %` : shown(value);
const moment = (value: unknown) => (typeof value === 'string' ? formatDate(value) : shown(value));

const FIELDS = new Map<string, { label: string; show?: (value: unknown) => string }>([
  ['name', { label: 'Name' }],
  ['email', { label: 'Email' }],
  ['role', { label: 'Role' }],
  ['emailVerified', { label: 'Email verified' }],
  ['disabled', { label: 'Disabled' }],
  ['secondFactor', { label: 'Two-step sign-in' }],
  ['plan', { label: 'Plan' }],
  ['couponCode', { label: 'Coupon code' }],
  ['commissionRate', { label: 'Commission', show: percent }],
  ['reason', { label: 'Reason' }],
  ['reply', { label: 'Reply' }],
  ['handledAt', { label: 'Handled', show: moment }],
]);

/** The readable name of an action, or the action as stored when it has none. */
export const actionName = (action: string): string => ACTIONS.get(action) ?? action;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The changes of an entry, one line per field: "Role: user → admin" where both sides are known,
 * "Commission: 25 %" where only one is. Unchanged fields are left out.
 */
export function changesOf(entry: Pick<AdminAuditEntry, 'action' | 'before' | 'after'>): string[] {
  const { before, after } = entry;
  const absent = (value: unknown) => value === null || value === undefined;
  // Not field by field: shown as stored.
  if (!(isRecord(before) || absent(before)) || !(isRecord(after) || absent(after))) {
    if (absent(before)) return [shown(after)];
    return [`${shown(before)} → ${shown(after)}`];
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const told = TOLD_BY_ACTION.get(entry.action) ?? [];
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter((key) => !told.includes(key));
  return keys.flatMap((key) => {
    const field = FIELDS.get(key);
    const show = field?.show ?? shown;
    const label = field?.label ?? key;
    const hadIt = Object.hasOwn(was, key);
    const hasIt = Object.hasOwn(is, key);
    if (hadIt && hasIt) {
      if (JSON.stringify(was[key]) === JSON.stringify(is[key])) return [];
      return [`${label}: ${show(was[key])} → ${show(is[key])}`];
    }
    return [`${label}: ${show(hasIt ? is[key] : was[key])}`];
  });
}

/** Who made the change: their name and email, or the stored actor alone (a command, a setting). */
export function actorOf(entry: Pick<AdminAuditEntry, 'actorName' | 'actorEmail'>): {
  name: string;
  detail?: string;
} {
  return entry.actorName ? { name: entry.actorName, detail: entry.actorEmail } : { name: entry.actorEmail };
}

/** What was changed: the person or message by name and email, else its kind and id. */
export function targetOf(
  entry: Pick<AdminAuditEntry, 'targetType' | 'targetId' | 'targetName' | 'targetEmail'>,
): { name: string; detail?: string } {
  const kind = TARGET_KINDS.get(entry.targetType) ?? entry.targetType;
  const name = entry.targetName ?? entry.targetEmail;
  if (!name) return { name: kind, detail: entry.targetId };
  const detail = entry.targetName && entry.targetEmail ? entry.targetEmail : undefined;
  return detail ? { name, detail } : { name };
}
