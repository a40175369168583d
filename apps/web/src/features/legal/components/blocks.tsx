import { plainText } from '../content/rich-text.ts';
import type { Block, EntriesBlock, TableBlock } from '../content/types.ts';
import { RichTextView } from './rich-text-view.tsx';
import { type HeadingLevel, PlainHeading } from './section-heading.tsx';

function Table({ block }: { block: TableBlock }) {
  return (
    <table className="mt-6 w-full border-collapse text-left text-[0.9375rem] leading-6">
      <caption className="mb-2 text-left text-sm font-medium text-muted">{block.caption}</caption>
      <thead>
        <tr className="border-b-2 border-line">
          {block.columns.map((column) => (
            <th key={column} scope="col" className="py-2 pr-4 align-bottom font-semibold text-fg last:pr-0">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {block.rows.map((row) => (
          <tr key={plainText(row[0] ?? '')} className="border-b border-line last:border-b-0">
            {row.map((cell, index) =>
              index === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <th key={index} scope="row" className="w-2/5 py-3 pr-4 align-top font-medium text-fg">
                  <RichTextView text={cell} />
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={index} className="py-3 pr-4 align-top text-fg/90 last:pr-0">
                  <RichTextView text={cell} />
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Entries({ block, headingLevel }: { block: EntriesBlock; headingLevel: HeadingLevel }) {
  return (
    <ul className="mt-6 grid gap-4">
      {block.items.map((item) => (
        <li
          key={plainText(item.title)}
          className="rounded-2xl border border-line bg-surface p-5 shadow-sm shadow-black/[0.03] dark:shadow-none"
        >
          <PlainHeading level={headingLevel}>
            <RichTextView text={item.title} />
          </PlainHeading>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-[0.9375rem] leading-6 sm:grid-cols-[8.5rem_minmax(0,1fr)]">
            {item.facts.map((fact) => (
              <div key={fact.label} className="contents">
                <dt className="font-medium text-muted">{fact.label}</dt>
                <dd className="mb-2 text-fg/90 sm:mb-0">
                  <RichTextView text={fact.text} />
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function BlockView({ block, headingLevel }: { block: Block; headingLevel: HeadingLevel }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p className="mt-4">
          <RichTextView text={block.text} />
        </p>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List
          className={`mt-4 space-y-2 pl-6 marker:text-accent ${block.ordered ? 'list-decimal' : 'list-disc'}`}
        >
          {block.items.map((item) => (
            <li key={item} className="pl-1">
              <RichTextView text={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'table':
      return <Table block={block} />;
    case 'entries':
      return <Entries block={block} headingLevel={headingLevel} />;
    case 'note':
      return (
        <p className="mt-6 rounded-r-xl border-l-4 border-gold bg-surface-2 px-5 py-4 text-fg dark:bg-surface-2/80">
          <RichTextView text={block.text} />
        </p>
      );
  }
}

/** Renders a run of blocks; headings inside them (card titles) take `headingLevel`. */
export function Blocks({ blocks, headingLevel }: { blocks: readonly Block[]; headingLevel: HeadingLevel }) {
  return blocks.map((block, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: blocks are static content in a fixed order
    <BlockView key={index} block={block} headingLevel={headingLevel} />
  ));
}
