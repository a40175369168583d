import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.ts';

/**
 * One choice of a group drawn as a tile: a native radio or checkbox (keyboard and screen readers
 * work as usual) hidden inside its label, the tile marked when chosen. Put the tiles in a fieldset
 * whose legend names the group.
 */
export function ChoiceChip({
  type,
  checked,
  children,
  className,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  type: 'radio' | 'checkbox';
  checked: boolean;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
        checked ? 'border-accent bg-accent-soft' : 'border-line hover:bg-surface-2',
        className,
      )}
    >
      <input type={type} checked={checked} className="sr-only" {...input} />
      {children}
    </label>
  );
}
