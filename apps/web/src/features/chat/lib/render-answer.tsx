import { Fragment, type ReactNode } from 'react';

// Answers use a small part of Markdown: paragraphs, "- " list lines and **bold**. Everything is
// rendered as React text nodes, so any other markup (tags, links, images) shows as the plain
// characters it is and can never become HTML.

const LIST_LINE = /^\s*- (.*)$/;

function inline(text: string): ReactNode[] {
  // Odd parts are the insides of **...** pairs; an unpaired ** stays as typed.
  return text.split(/\*\*(.+?)\*\*/g).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder
      <strong key={index}>{part}</strong>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

type Block = { kind: 'p'; lines: string[] } | { kind: 'ul'; items: string[] };

export function answerBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let last: Block | undefined;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const item = LIST_LINE.exec(line);
    if (line.trim() === '') last = undefined;
    else if (item) {
      if (last?.kind !== 'ul') {
        last = { kind: 'ul', items: [] };
        blocks.push(last);
      }
      last.items.push(item[1] ?? '');
    } else {
      if (last?.kind !== 'p') {
        last = { kind: 'p', lines: [] };
        blocks.push(last);
      }
      last.lines.push(line);
    }
  }
  return blocks;
}

/** The answer as paragraphs and lists, with bold kept and nothing else interpreted. */
export function AnswerText({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-3 leading-relaxed">
      {answerBlocks(text).map((block, index) =>
        block.kind === 'ul' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a growing answer only append
          <ul key={index} className="list-disc space-y-1 pl-5">
            {block.items.map((item, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <li key={n}>{inline(item)}</li>
            ))}
          </ul>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <p key={index}>
            {block.lines.map((line, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <Fragment key={n}>
                {n > 0 ? <br /> : null}
                {inline(line)}
              </Fragment>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
