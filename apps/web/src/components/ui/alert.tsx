import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

type AlertTone = 'info' | 'success' | 'error';

const TONES: Record<AlertTone, string> = {
  info: 'border-line bg-surface-2 text-fg',
  success: 'border-success/30 bg-success-soft text-fg',
  error: 'border-danger/30 bg-danger-soft text-fg',
};

const ICONS = { info: Info, success: CircleCheck, error: CircleAlert };
const ICON_COLOURS: Record<AlertTone, string> = {
  info: 'text-accent',
  success: 'text-success',
  error: 'text-danger',
};

/** An inline message. Errors are announced at once (role alert); others politely. */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = ICONS[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm', TONES[tone], className)}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', ICON_COLOURS[tone])} />
      <div className="flex flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="text-fg/90">{children}</div> : null}
      </div>
    </div>
  );
}
