import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerText, answerBlocks } from './render-answer.tsx';

afterEach(cleanup);

describe('answer text', () => {
  it('renders paragraphs, "- " lists and bold', () => {
    const { container } = render(
      <AnswerText
        text={'Your **Moon** is in Cancer.\nIt likes home.\n\n- first **one**\n- second\nAfter the list.'}
      />,
    );
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.innerHTML).toBe('Your <strong>Moon</strong> is in Cancer.<br>It likes home.');
    expect([...container.querySelectorAll('li')].map((li) => li.innerHTML)).toEqual([
      'first <strong>one</strong>',
      'second',
    ]);
    expect(paragraphs[1]?.textContent).toBe('After the list.');
  });

  it('never turns other markup into HTML: tags, links and images stay text', () => {
    const hostile =
      '<script>window.hacked = 1</script> <img src=x onerror="alert(1)"> [site](javascript:alert(1)) <a href="https://x">x</a> **<b>bold</b>**';
    const { container } = render(<AnswerText text={hostile} />);
    expect(container.querySelector('script, img, a, b, iframe')).toBeNull();
    expect(container.querySelectorAll('strong')).toHaveLength(1);
    expect(container.textContent).toContain('<script>window.hacked = 1</script>');
    expect(container.textContent).toContain('[site](javascript:alert(1))');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('leaves an unpaired ** as typed and splits blocks on blank lines', () => {
    expect(answerBlocks('a ** b\n\n\nc')).toEqual([
      { kind: 'p', lines: ['a ** b'] },
      { kind: 'p', lines: ['c'] },
    ]);
  });
});
