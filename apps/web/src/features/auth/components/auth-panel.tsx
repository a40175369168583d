import type { User } from '@app/contracts/auth.ts';
import { useId, useRef } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

export type AuthMode = 'register' | 'login';

const TABS: Array<{ mode: AuthMode; label: string }> = [
  { mode: 'register', label: 'Create account' },
  { mode: 'login', label: 'Log in' },
];

/** Register and log-in forms as two tabs (WAI-ARIA tabs pattern, arrow keys move between them). */
export function AuthPanel({
  mode,
  onModeChange,
  onSuccess,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSuccess: (user: User) => void;
}) {
  const baseId = useId();
  const tabRefs = useRef<Record<AuthMode, HTMLButtonElement | null>>({ register: null, login: null });

  const select = (next: AuthMode) => {
    onModeChange(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label="Account"
        className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-surface-2 p-1"
      >
        {TABS.map((tab) => {
          const selected = tab.mode === mode;
          return (
            <button
              key={tab.mode}
              ref={(element) => {
                tabRefs.current[tab.mode] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.mode}-tab`}
              aria-selected={selected}
              aria-controls={`${baseId}-${tab.mode}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onModeChange(tab.mode)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                  event.preventDefault();
                  select(mode === 'register' ? 'login' : 'register');
                }
              }}
              className={cn(
                'h-10 rounded-lg text-sm font-medium transition-colors',
                selected ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-${mode}-panel`} aria-labelledby={`${baseId}-${mode}-tab`}>
        {mode === 'register' ? <RegisterForm onSuccess={onSuccess} /> : <LoginForm onSuccess={onSuccess} />}
      </div>
    </div>
  );
}
