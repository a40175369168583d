import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { type Toast, useToasts } from '../../lib/toast-store.ts';
import { cn } from './cn.ts';

const ICONS = { info: Info, success: CircleCheck, error: CircleAlert };
const ICON_COLOURS = { info: 'text-accent', success: 'text-success', error: 'text-danger' };

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToasts((state) => state.dismissToast);
  const Icon = ICONS[toast.variant];
  return (
    <li className="pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-line bg-surface p-4 text-fg shadow-lg">
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', ICON_COLOURS[toast.variant])} />
      <div className="flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm text-muted">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        className="-m-1 rounded-lg p-1 text-muted hover:bg-surface-2 hover:text-fg"
        aria-label="Dismiss notification"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/**
 * Notifications, in two live regions that always exist so screen readers announce additions:
 * errors assertively, the rest politely. They keep clear of the phone's bottom bar (--bottom-bar).
 */
export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  const urgent = toasts.filter((toast) => toast.variant === 'error');
  const polite = toasts.filter((toast) => toast.variant !== 'error');
  const regionClasses =
    'pointer-events-none fixed inset-x-0 z-50 mx-auto flex w-full max-w-sm flex-col gap-2 px-4 sm:right-4 sm:left-auto sm:mx-0';
  return (
    <>
      <ol
        aria-live="assertive"
        aria-label="Alerts"
        className={cn(regionClasses, 'bottom-[calc(1rem_+_var(--bottom-bar,0px))]')}
      >
        {urgent.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
      <ol
        aria-live="polite"
        aria-label="Notifications"
        className={cn(
          regionClasses,
          urgent.length
            ? 'bottom-[calc(7rem_+_var(--bottom-bar,0px))]'
            : 'bottom-[calc(1rem_+_var(--bottom-bar,0px))]',
        )}
      >
        {polite.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </>
  );
}
