import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, CreditCard, LogOut, type LucideIcon, Settings, ShieldCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/stores/auth-store.ts';

interface Entry {
  to: string;
  label: string;
  Icon: LucideIcon;
}

/**
 * The account's places; the product's own (Today, Chat, Chart) are in the main navigation
 * (main-nav.tsx). The routes' own guards decide what each page shows.
 */
export function menuEntries(role: string): Entry[] {
  return [
    { to: '/subscription', label: 'Subscription', Icon: CreditCard },
    { to: '/people', label: 'People', Icon: Users },
    { to: '/settings', label: 'Settings', Icon: Settings },
    ...(role === 'admin' ? [{ to: '/admin', label: 'Admin', Icon: ShieldCheck }] : []),
  ];
}

const ITEM =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-fg outline-none select-none data-[highlighted]:bg-surface-2';

/**
 * The signed-in person's menu in the header: a Radix dropdown (a menu button with arrow-key
 * navigation, typeahead, Escape and focus return) with the account's places and Log out.
 */
export function AccountMenu({ user }: { user: { name: string; email: string; role: string } }) {
  const logout = useAuth((state) => state.logout);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <Menu.Root open={open} onOpenChange={setOpen} modal={false}>
      <Menu.Trigger
        className="flex h-10 max-w-48 items-center gap-2 rounded-xl px-2 text-sm font-medium hover:bg-surface-2 data-[state=open]:bg-surface-2"
        aria-label={`Account menu for ${user.name}`}
      >
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-fg"
        >
          {user.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <span className="hidden truncate sm:inline">{user.name}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-40 w-64 max-w-[calc(100vw-1rem)] rounded-2xl border border-line bg-surface p-1.5 text-fg shadow-xl"
        >
          <Menu.Label className="px-3 pt-2 pb-1">
            <span className="block truncate text-sm font-semibold">{user.name}</span>
            <span className="block truncate text-xs text-muted">{user.email}</span>
          </Menu.Label>
          <Menu.Separator className="my-1 h-px bg-line" />
          {menuEntries(user.role).map(({ to, label, Icon }) => (
            <Menu.Item key={to} asChild>
              <Link to={to} className={ITEM}>
                <Icon aria-hidden="true" className="size-4 text-muted" />
                <span className="flex-1">{label}</span>
              </Link>
            </Menu.Item>
          ))}
          <Menu.Separator className="my-1 h-px bg-line" />
          <Menu.Item
            className={ITEM}
            onSelect={() => {
              void logout().then(() => navigate('/'));
            }}
          >
            <LogOut aria-hidden="true" className="size-4 text-muted" />
            Log out
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
