import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type HeadingLevel = 2 | 3 | 4;

const HEADING_CLASS: Record<HeadingLevel, string> = {
  2: 'font-display text-2xl font-semibold text-fg sm:text-[1.75rem]',
  3: 'font-display text-xl font-semibold text-fg',
  4: 'text-base font-semibold text-fg',
};

/**
 * A heading that can be linked to: the heading text is a link to its own anchor, so a reader can
 * copy the address of any section. tabIndex -1 lets the page move focus here when it scrolls to it.
 */
export function SectionHeading({
  id,
  level,
  children,
}: {
  id: string;
  level: HeadingLevel;
  children: string;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} tabIndex={-1} className={`group scroll-mt-24 ${HEADING_CLASS[level]}`}>
      <Link to={{ hash: `#${id}` }} className="no-underline hover:underline hover:decoration-line">
        {children}
        <span
          aria-hidden="true"
          className="ml-2 font-sans text-[0.8em] text-muted opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100"
        >
          #
        </span>
      </Link>
    </Tag>
  );
}

/** A heading inside a card: not an anchor target. */
export function PlainHeading({ level, children }: { level: HeadingLevel; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return <Tag className={HEADING_CLASS[level]}>{children}</Tag>;
}
