import type { ChatSessionDetail } from '@app/contracts/chat.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatClockTime } from '../../../lib/format-date.ts';
import { installFakeServer, ok } from '../../../testing/fake-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { useChatStream } from '../stores/chat-stream-store.ts';
import { chatMessage, installFakeAnswerStream, sseEvent, ssePiece } from '../testing/fake-answer-stream.ts';
import ChatPage from './chat-page.tsx';

// Sending from the chat page: once per click, a stop that keeps what was on screen, and the
// day's limit. The REST calls are answered by the fake server, the answer's stream by the fake fetch.

const server = installFakeServer();
const stream = installFakeAnswerStream();

const SESSION = {
  id: 's1',
  title: 'New conversation',
  createdAt: '2026-11-24T10:00:00Z',
  updatedAt: '2026-11-24T10:00:00Z',
};
const STARTER = 'What does my Moon sign mean?';
const LIMIT_MESSAGE =
  'You have reached the daily limit of your plan. It starts again at midnight, your time.';
// The person's next midnight, a few hours on.
const RESETS_AT = new Date(Date.now() + 3 * 3_600_000).toISOString();

const detail = (messages: ChatSessionDetail['messages'] = []) =>
  ok({ success: true, data: { ...SESSION, messages } });
const usage = (used: number) => ok({ success: true, data: { used, limit: 50, resetsAt: RESETS_AT } });

function show(path: string) {
  return renderWithProviders(null, {
    at: path,
    routes: [
      { path: '/chat', element: <ChatPage /> },
      { path: '/chat/:sessionId', element: <ChatPage /> },
    ],
  }).router;
}

const messages = () => screen.getByRole('list', { name: 'Messages' });

beforeEach(() => {
  localStorage.setItem('authToken', 'token-1');
  useChatStream.setState({ pending: null, controller: null, sending: false });
  server.answers = {
    'GET /api/chat/usage': usage(12),
    'GET /api/chat/starters': ok({ success: true, data: { fixed: [STARTER], tailored: [] } }),
    'GET /api/chat/sessions': ok({ success: true, data: [SESSION] }),
    'GET /api/chat/sessions/s1': detail(),
    'POST /api/chat/sessions': ok({ success: true, data: SESSION }, 201),
  };
});

describe('a starter', () => {
  it('is asked once however fast it is clicked, and the starters are disabled while it is sent', async () => {
    const router = show('/chat');
    const starter = await screen.findByRole('button', { name: STARTER });
    fireEvent.click(starter);
    expect(starter.hasAttribute('disabled')).toBe(true);
    fireEvent.click(starter);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/s1'));
    await waitFor(() => expect(stream.sent).toHaveLength(1));
    expect(server.sent.filter((r) => r.method === 'POST' && r.url === '/api/chat/sessions')).toHaveLength(1);
  });
});

describe('stopping an answer', () => {
  it('keeps what was on screen, as the stored answer, even when the server had said it all', async () => {
    const user = userEvent.setup();
    const question = chatMessage('user', 'Tell me about Venus', { id: 'q1' });
    const full = chatMessage('assistant', 'Venus is the planet of love. It shows how you care.', {
      id: 'a1',
    });
    const shown = 'Venus is the planet of';
    const cut = { ...full, content: shown, stopped: true };
    // The built-in assistant stores its whole answer before any stop arrives; the stop cuts it.
    server.answers['GET /api/chat/sessions/s1'] = () =>
      stream.sent.length === 0
        ? detail()
        : detail([question, server.bodiesTo('/api/chat/sessions/s1/stop').length > 0 ? cut : full]);
    server.answers['POST /api/chat/sessions/s1/stop'] = ok({
      success: true,
      data: { sessionId: 's1', userMessage: question, message: cut },
    });
    show('/chat/s1');
    await user.type(await screen.findByLabelText('Your question'), 'Tell me about Venus{Enter}');
    await waitFor(() => expect(stream.sent).toHaveLength(1));
    stream.write(sseEvent('started', { sessionId: 's1', userMessage: question }));
    stream.write(ssePiece(shown));
    await waitFor(() => expect(messages().textContent).toContain(shown));

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('You stopped this answer.')).toBeTruthy();
    await waitFor(() =>
      expect(server.bodiesTo('/api/chat/sessions/s1/stop')).toEqual([{ after: 'q1', shown: shown.length }]),
    );
    // Long after the stop (the page used to fetch the stored answer after 400 ms).
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(messages().textContent).toContain(shown);
    expect(messages().textContent).not.toContain('It shows how you care.');
    expect(screen.getByText('You stopped this answer.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});

describe('the daily limit', () => {
  it('keeps the question in view, says when sending starts again, offers no retry and disables sending', async () => {
    const user = userEvent.setup();
    // Another tab used the last message meanwhile: the usage shown was one behind.
    server.answers['GET /api/chat/usage'] = () => usage(stream.sent.length > 0 ? 50 : 49);
    stream.refusal = { status: 429, body: { success: false, error: LIMIT_MESSAGE, code: 'RATE_LIMITED' } };
    show('/chat/s1');
    const box = await screen.findByLabelText('Your question');
    await user.type(box, 'Will I travel this year?{Enter}');

    const notice = (await screen.findByText('Daily limit reached')).closest('[role="status"]') as HTMLElement;
    const time = formatClockTime(RESETS_AT);
    expect(notice.textContent).toContain(LIMIT_MESSAGE);
    expect(notice.textContent).toContain(`50 messages a day`);
    expect(notice.textContent).toContain(`You can send again from ${time}.`);
    expect(messages().textContent).toContain('Will I travel this year?');
    expect(screen.queryByText('The answer did not arrive')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.type(box, 'Another question');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    await user.type(box, '{Enter}');
    expect(stream.sent).toHaveLength(1);
  });
});
