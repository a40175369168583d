import * as Tabs from '@radix-ui/react-tabs';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ApplicationsSection } from './applications-section.tsx';
import { AuditSection } from './audit-section.tsx';
import { HealthSection } from './health-section.tsx';
import { InboxSection } from './inbox-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { SubscriptionsSection, UsageSection } from './subscriptions-section.tsx';
import { UsersSection } from './users-section.tsx';

const SECTIONS = [
  { value: 'overview', label: 'Overview', Section: OverviewSection },
  { value: 'people', label: 'People', Section: UsersSection },
  { value: 'subscriptions', label: 'Subscriptions', Section: SubscriptionsSection },
  { value: 'usage', label: 'Usage', Section: UsageSection },
  { value: 'partners', label: 'Partner applications', Section: ApplicationsSection },
  { value: 'inbox', label: 'Contact inbox', Section: InboxSection },
  { value: 'health', label: 'System health', Section: HealthSection },
  { value: 'audit', label: 'Audit log', Section: AuditSection },
] as const;

/** The operators' area: one tab per job, keyboard-driven (arrow keys between tabs). */
export function AdminArea() {
  useDocumentTitle('Admin dashboard');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-semibold">Admin dashboard</h1>
      <Tabs.Root defaultValue="overview" className="mt-6">
        <Tabs.List
          aria-label="Admin sections"
          className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 pb-px sm:mx-0 sm:px-0"
        >
          {SECTIONS.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="shrink-0 rounded-t-lg px-3 py-2 text-sm text-muted hover:text-fg data-[state=active]:border-b-2 data-[state=active]:border-accent data-[state=active]:font-medium data-[state=active]:text-fg"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {SECTIONS.map(({ value, Section }) => (
          <Tabs.Content key={value} value={value} className="pt-6 focus-visible:outline-none">
            <Section />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
