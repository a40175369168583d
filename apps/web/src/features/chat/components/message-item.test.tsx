import type { ChatMessage } from '@app/contracts/chat.ts';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerBubble } from './message-item.tsx';

afterEach(cleanup);

const answer = (corrections: ChatMessage['corrections']): ChatMessage => ({
  id: 'a1',
  role: 'assistant',
  content: 'Your Sun is in Taurus. Your Moon is in Pisces.',
  createdAt: '2026-11-27T12:00:00.000Z',
  facts: [],
  stopped: false,
  provider: 'openai',
  fallback: false,
  corrections,
});

const renderAnswer = (message: ChatMessage) =>
  render(
    <ul>
      <AnswerBubble message={message} />
    </ul>,
  );

describe('the note under a corrected answer', () => {
  it('counts the corrections and opens to what was said and what the chart says', async () => {
    renderAnswer(
      answer([
        { said: 'Your Moon is in Leo.', chart: 'Your Moon is in Pisces.' },
        { said: 'Mars squares Jupiter in your chart.', chart: 'Mars trines Jupiter in your chart.' },
      ]),
    );
    const summary = screen.getByText('2 statements corrected against your chart');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    const items = details.querySelectorAll('li');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toBe(
      'The assistant said: Your Moon is in Leo.Your chart says: Your Moon is in Pisces.',
    );
    expect(items[1]?.textContent).toContain('Your chart says: Mars trines Jupiter in your chart.');
  });

  it('says "statement" for one, and nothing for an answer without corrections (or stored before)', () => {
    const { unmount } = renderAnswer(
      answer([{ said: 'Your Moon is in Leo.', chart: 'Your Moon is in Pisces.' }]),
    );
    expect(screen.getByText('1 statement corrected against your chart')).toBeTruthy();
    unmount();
    for (const none of [null, undefined, []]) {
      const { container, unmount: gone } = renderAnswer(answer(none));
      expect(container.textContent).not.toMatch(/corrected against your chart/);
      gone();
    }
  });
});
