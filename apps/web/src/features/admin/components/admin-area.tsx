import { ADMIN_SECTIONS, type AdminSection } from '@app/contracts/app-paths.ts';
import type { ComponentType } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ApplicationsSection } from './applications-section.tsx';
import { AuditSection } from './audit-section.tsx';
import { HealthSection } from './health-section.tsx';
import { InboxSection } from './inbox-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { SubscriptionsSection, UsageSection } from './subscriptions-section.tsx';
import { UsersSection } from './users-section.tsx';

interface Section {
  label: string;
  Section: ComponentType;
}

/** The dashboard at /admin, then each section at /admin/<section> (the list lives with the app's paths). */
const OVERVIEW: Section = { label: 'Overview', Section: OverviewSection };
const SECTIONS: Record<AdminSection, Section> = {
  users: { label: 'People', Section: UsersSection },
  subscriptions: { label: 'Subscriptions', Section: SubscriptionsSection },
  usage: { label: 'Usage', Section: UsageSection },
  partners: { label: 'Partner applications', Section: ApplicationsSection },
  inbox: { label: 'Contact inbox', Section: InboxSection },
  health: { label: 'System health', Section: HealthSection },
  audit: { label: 'Audit log', Section: AuditSection },
};
const LINKS = [
  { to: '/admin', ...OVERVIEW },
  ...ADMIN_SECTIONS.map((section) => ({ to: `/admin/${section}`, ...SECTIONS[section] })),
];

const isSection = (slug: string | undefined): slug is AdminSection =>
  ADMIN_SECTIONS.some((section) => section === slug);

/** The section an address shows: the router sends only /admin and /admin/<a known section> here. */
function sectionAt(pathname: string): Section {
  const slug = pathname.split('/')[2];
  return isSection(slug) ? SECTIONS[slug] : OVERVIEW;
}

/**
 * The operators' area: one section per job, each at its own address, so a section can be
 * bookmarked, shared, reloaded and reached with Back and Forward.
 */
export function AdminArea() {
  const current = sectionAt(useLocation().pathname);
  useDocumentTitle(current === OVERVIEW ? 'Admin dashboard' : `${current.label} · Admin dashboard`);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-semibold">Admin dashboard</h1>
      <nav aria-label="Admin sections" className="mt-6">
        <ul className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 pb-px sm:mx-0 sm:px-0">
          {LINKS.map(({ to, label }) => (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                end
                className={({ isActive }) =>
                  cn(
                    'block rounded-t-lg px-3 py-2 text-sm',
                    isActive ? 'border-b-2 border-accent font-medium text-fg' : 'text-muted hover:text-fg',
                  )
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pt-6">
        <current.Section />
      </div>
    </div>
  );
}
