import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../lib/format-date.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import type { LegalDocument, LegalSection } from '../content/types.ts';
import { useScrollToHash } from '../hooks/use-scroll-to-hash.ts';
import { Blocks } from './blocks.tsx';
import { LINK_CLASS, RichTextView } from './rich-text-view.tsx';
import { SectionHeading } from './section-heading.tsx';

/**
 * A height no smaller than the section's on a 320 px phone, from the size of its content: measured
 * on the three documents, a section is at most 0.073 rem tall per character of its data there.
 */
function heightEstimateRem(section: LegalSection): number {
  return Math.ceil(JSON.stringify(section).length * 0.08);
}

/** Anchor ids the page itself uses; content sections must pick others. */
export const RESERVED_IDS = ['legal-title', 'in-short', 'on-this-page'] as const;

function TableOfContents({ document }: { document: LegalDocument }) {
  return (
    <nav
      aria-labelledby="on-this-page"
      className="mt-10 rounded-2xl border border-line bg-surface p-6 dark:bg-surface/70"
    >
      <h2 id="on-this-page" className="font-sans text-sm font-semibold uppercase tracking-wider text-muted">
        On this page
      </h2>
      <ol className="mt-4 list-decimal space-y-1.5 pl-6 text-[0.9375rem] marker:text-muted sm:columns-2 sm:gap-10">
        {document.sections.map((section) => (
          <li key={section.id} className="break-inside-avoid pl-1">
            <SectionLink id={section.id}>{section.heading}</SectionLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function SectionLink({ id, children }: { id: string; children: string }) {
  return (
    <Link className={LINK_CLASS} to={{ hash: `#${id}` }}>
      {children}
    </Link>
  );
}

/** One legal page: title, last-updated date, short summary, optional contents, and the sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  useDocumentTitle(document.title);
  useMetaDescription(document.description);
  useScrollToHash();

  return (
    <article
      aria-labelledby="legal-title"
      className="mx-auto w-full max-w-3xl px-5 py-12 text-base leading-7 text-fg sm:px-8 sm:py-16 sm:text-[1.0625rem] sm:leading-8"
    >
      <header>
        <h1
          id="legal-title"
          className="font-display text-4xl font-semibold tracking-tight text-fg sm:text-5xl"
        >
          {document.title}
        </h1>
        <p className="mt-4 text-sm text-muted">
          Last updated <time dateTime={document.lastUpdated}>{formatCalendarDate(document.lastUpdated)}</time>
        </p>
      </header>

      <section
        aria-labelledby="in-short"
        className="mt-8 rounded-2xl border border-accent/20 bg-accent-soft px-6 py-5 dark:border-accent/30"
      >
        <h2 id="in-short" className="font-sans text-sm font-semibold uppercase tracking-wider text-accent">
          In short
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 marker:text-accent">
          {document.summary.map((point) => (
            <li key={point} className="pl-1">
              <RichTextView text={point} />
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-8">
        <Blocks blocks={document.intro} headingLevel={3} />
      </div>

      {document.tableOfContents && <TableOfContents document={document} />}

      {document.sections.map((section) => (
        <section
          key={section.id}
          className="below-fold mt-14"
          style={{ '--below-fold-height': `${heightEstimateRem(section)}rem` } as CSSProperties}
        >
          <SectionHeading id={section.id} level={2}>
            {section.heading}
          </SectionHeading>
          <Blocks blocks={section.blocks} headingLevel={3} />
          {section.subsections?.map((subsection) => (
            <div key={subsection.id} className="mt-10">
              <SectionHeading id={subsection.id} level={3}>
                {subsection.heading}
              </SectionHeading>
              <Blocks blocks={subsection.blocks} headingLevel={4} />
            </div>
          ))}
        </section>
      ))}
    </article>
  );
}
