import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';

/**
 * A heading whose button shows or hides what follows it (the WAI-ARIA disclosure pattern): the
 * heading stays in the page's outline, the button says whether it is open, and hidden content
 * stays mounted but out of the way (and out of the accessibility tree) until asked for.
 */
export function Disclosure({
  title,
  titleId,
  level,
  defaultOpen = false,
  headingClassName,
  below,
  children,
}: {
  title: ReactNode;
  /** The id of the title text, for a region labelled by it. */
  titleId?: string;
  level: 2 | 3 | 4;
  defaultOpen?: boolean;
  headingClassName?: string;
  /** Shown under the heading whether open or not (a one-line gist). */
  below?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const Heading = (['h2', 'h3', 'h4'] as const)[level - 2]!;
  return (
    <>
      <Heading className={headingClassName}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center gap-3 rounded-lg text-left hover:text-accent"
        >
          <span id={titleId} className="flex-1">
            {title}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 shrink-0 text-muted transition-transform', open && 'rotate-180')}
          />
        </button>
      </Heading>
      {below}
      <div id={panelId} hidden={!open}>
        {children}
      </div>
    </>
  );
}

/** A section of the page that folds away: its heading opens and closes it. */
export function CollapsibleSection({
  id,
  title,
  level = 3,
  defaultOpen = false,
  className,
  children,
}: {
  /** The id of the section's title (the section is labelled by it). */
  id: string;
  title: string;
  level?: 2 | 3;
  defaultOpen?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('border-t border-line py-2', className)}>
      <Disclosure
        title={title}
        titleId={id}
        level={level}
        defaultOpen={defaultOpen}
        headingClassName="text-lg font-semibold sm:text-xl"
      >
        <div className="pt-2 pb-4">{children}</div>
      </Disclosure>
    </section>
  );
}
