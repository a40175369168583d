import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { cn } from './cn.ts';

/** The frame of a page: its one h1 and a readable column. */
export function Page({
  title,
  lead,
  children,
  width = 'narrow',
  className,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  width?: 'narrow' | 'wide';
  className?: string;
}) {
  useDocumentTitle(title);
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 py-10 sm:px-6 sm:py-14',
        width === 'narrow' ? 'max-w-xl' : 'max-w-4xl',
        className,
      )}
    >
      <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 text-base text-muted">{lead}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}
