/**
 * Legal pages are typed data rendered by one component, so every page gets the same headings,
 * anchors, table of contents and typography, and tests can check the content itself.
 *
 * Text fields take a small inline markup (see rich-text.ts): **strong**, `code` and
 * [label](target) links, where target is an app path (`/settings`), an anchor on the same page
 * (`#your-rights`), a `mailto:` address or an `https://` address.
 */
export type RichText = string;

interface ParagraphBlock {
  kind: 'paragraph';
  text: RichText;
}

interface ListBlock {
  kind: 'list';
  items: readonly RichText[];
  ordered?: boolean;
}

export interface TableBlock {
  kind: 'table';
  /** Read out by screen readers before the table; also shown above it. */
  caption: string;
  columns: readonly string[];
  /** Each row has one cell per column; the first cell names the row. */
  rows: readonly (readonly RichText[])[];
}

/** A labelled card per item: used where a table would be too wide for a phone. */
export interface EntriesBlock {
  kind: 'entries';
  items: readonly {
    title: RichText;
    facts: readonly { label: string; text: RichText }[];
  }[];
}

/** Text set apart from the flow, for what a reader must not miss. */
interface NoteBlock {
  kind: 'note';
  text: RichText;
}

export type Block = ParagraphBlock | ListBlock | TableBlock | EntriesBlock | NoteBlock;

interface LegalSubsection {
  /** Anchor id, unique on its page, kebab-case. */
  id: string;
  heading: string;
  blocks: readonly Block[];
}

export interface LegalSection extends LegalSubsection {
  subsections?: readonly LegalSubsection[];
}

export interface LegalDocument {
  /** The page's h1 and the first part of the browser tab's title. */
  title: string;
  /** The page's meta description. */
  description: string;
  /** ISO date, `YYYY-MM-DD`. */
  lastUpdated: string;
  /** A few plain sentences above everything else: what a hurried reader needs to know. */
  summary: readonly RichText[];
  intro: readonly Block[];
  sections: readonly LegalSection[];
  /** Long pages list their sections at the top. */
  tableOfContents: boolean;
}
