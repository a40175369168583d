import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { useChatStream } from '../stores/chat-stream-store.ts';
import { installFakeAnswerStream, chatMessage as message } from '../testing/fake-answer-stream.ts';
import ChatPage from './chat-page.tsx';

// The HTTP edge: an axios adapter answering the REST calls like the server, and a fetch that
// answers the message call with an event stream the test writes piece by piece (fake-answer-stream).

const SESSION = {
  id: 's1',
  title: 'New conversation',
  createdAt: '2026-11-24T10:00:00Z',
  updatedAt: '2026-11-24T10:00:00Z',
};
const FIXED = ['What does my birth chart say about me?', 'What does my Moon sign mean?'];
const TAILORED = ['What does “Saturn square Sun” mean for me?'];

let answers: Record<string, { status: number; data: unknown }> = {};
const originalAdapter = api.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const answer = answers[`${config.method?.toUpperCase()} ${config.url}`] ?? {
    status: 404,
    data: { success: false, error: 'That conversation does not exist.', code: 'NOT_FOUND' },
  };
  const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
  if (answer.status >= 400)
    throw Object.assign(new Error('failed'), { isAxiosError: true, response, config });
  return response;
};

const stream = installFakeAnswerStream();

function show(path: string) {
  return renderWithProviders(null, {
    at: path,
    routes: [
      { path: '/chat', element: <ChatPage /> },
      { path: '/chat/:sessionId', element: <ChatPage /> },
    ],
  }).router;
}

const liveRegion = () => document.querySelector('[aria-live="polite"][aria-busy]') as HTMLElement;

describe('chat page', () => {
  beforeEach(() => {
    localStorage.setItem('authToken', 'token-1');
    answers = {
      'GET /api/chat/usage': {
        status: 200,
        data: { success: true, data: { used: 38, limit: 50, resetsAt: '2026-11-25T00:00:00Z' } },
      },
      'GET /api/chat/starters': {
        status: 200,
        data: { success: true, data: { fixed: FIXED, tailored: TAILORED } },
      },
      'GET /api/chat/sessions': { status: 200, data: { success: true, data: [SESSION] } },
      'GET /api/chat/sessions/s1': {
        status: 200,
        data: { success: true, data: { ...SESSION, messages: [] } },
      },
    };
    api.defaults.adapter = adapter;
    useChatStream.setState({ pending: null, controller: null, sending: false });
  });
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    localStorage.clear();
    cleanup();
  });

  it('offers the fixed and tailored starters on an empty conversation, with the day’s allowance', async () => {
    show('/chat/s1');
    // The file's first page pays for loading every module: a slow start on a busy machine.
    expect(await screen.findByRole('button', { name: FIXED[0] }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: FIXED[1] })).toBeTruthy();
    expect(screen.getByRole('button', { name: TAILORED[0] })).toBeTruthy();
    expect(await screen.findByText('12 of 50 messages left today')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Conversations' })).getByText('New conversation', {
        selector: 'span',
      }),
    ).toBeTruthy();
  });

  it('streams the answer of a starter into a live region, then shows the stored answer with its facts', async () => {
    const user = userEvent.setup();
    show('/chat/s1');
    await user.click(await screen.findByRole('button', { name: FIXED[1] }));

    await waitFor(() => expect(stream.sent).toHaveLength(1));
    expect(stream.sent[0]?.url).toBe('/api/chat/sessions/s1/messages');
    expect(stream.sent[0]?.body).toEqual({ content: FIXED[1] });
    expect(stream.sent[0]?.headers.Authorization).toBe('Bearer token-1');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();

    stream.write('data: {"text":"Your **Moon** is"}\n\n');
    stream.write('data: {"text":" in Cancer."}\n\n');
    await waitFor(() => expect(liveRegion().textContent).toContain('Your Moon is in Cancer.'));
    expect(liveRegion().getAttribute('aria-busy')).toBe('true');
    expect(liveRegion().querySelector('strong')?.textContent).toBe('Moon');

    const answer = message('assistant', 'Your **Moon** is in Cancer.', {
      facts: [{ text: 'Moon in Cancer in the 4th house', kind: 'placement' }],
    });
    stream.write(
      `event: done\ndata: ${JSON.stringify({ sessionId: 's1', message: answer, userMessage: message('user', FIXED[1] ?? '') })}\n\n`,
    );
    stream.finish();

    expect(await screen.findByText('Facts used (1)')).toBeTruthy();
    // The region stays, no longer busy, so the finished answer is read once.
    expect(liveRegion().getAttribute('aria-busy')).toBe('false');
    expect(liveRegion().textContent).toContain('Your Moon is in Cancer.');
    expect(screen.getByText('Moon in Cancer in the 4th house')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy answer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  /** Asks about Venus in an open conversation and streams the first piece of the answer. */
  async function askAboutVenus() {
    const user = userEvent.setup();
    show('/chat/s1');
    await user.type(await screen.findByLabelText('Your question'), 'Tell me about Venus{Enter}');
    await waitFor(() => expect(stream.sent).toHaveLength(1));
    stream.write('data: {"text":"Venus is the planet of"}\n\n');
    return user;
  }

  it('stops an answer midway and keeps what was said, marked stopped', async () => {
    const user = await askAboutVenus();
    await waitFor(() => expect(liveRegion().textContent).toContain('Venus is the planet of'));

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(stream.sent[0]?.signal.aborted).toBe(true);
    expect(await screen.findByText('You stopped this answer.')).toBeTruthy();
    expect(screen.getByText('Venus is the planet of')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('shows the server’s reason when an answer could not be stored, with Retry', async () => {
    await askAboutVenus();
    stream.write(
      'event: failed\ndata: {"status":503,"error":"Service temporarily unavailable","code":"UNAVAILABLE"}\n\n',
    );
    stream.finish();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Service temporarily unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows a refusal a retry can mend with Retry, and Retry sends the same question again', async () => {
    const user = userEvent.setup();
    stream.refusal = {
      status: 503,
      body: { success: false, error: 'The assistant is busy for a moment.', code: 'UNAVAILABLE' },
    };
    show('/chat/s1');
    await user.click(await screen.findByRole('button', { name: FIXED[0] }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The assistant is busy for a moment.');
    stream.refusal = null;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(stream.sent).toHaveLength(2));
    expect(stream.sent[1]?.body).toEqual({ content: FIXED[0] });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('offers a retry on the last answer the built-in assistant gave in place of the service', async () => {
    const user = userEvent.setup();
    const broken = message('assistant', 'Your Moon\n\n_The assistant service stopped answering_', {
      provider: 'openai',
      fallback: true,
    });
    const stored = [message('user', 'Old question'), broken, message('user', FIXED[1] ?? ''), broken];
    answers['GET /api/chat/sessions/s1'] = {
      status: 200,
      data: { success: true, data: { ...SESSION, messages: stored } },
    };
    show('/chat/s1');
    const retries = await screen.findAllByRole('button', { name: 'Retry with the assistant service' });
    expect(retries).toHaveLength(1);
    await user.click(retries[0]!);
    await waitFor(() => expect(stream.sent).toHaveLength(1));
    expect(stream.sent[0]?.body).toEqual({ content: FIXED[1] });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Retry with the assistant service' })).toBeNull(),
    );
  });

  it('says so when the conversation is not the person’s own, and offers a new one', async () => {
    show('/chat/someone-elses');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('That conversation does not exist.');
    expect(screen.getByRole('link', { name: 'Start a new conversation' }).getAttribute('href')).toBe('/chat');
    // Nothing can be sent into a conversation that cannot be read.
    await userEvent.type(screen.getByLabelText('Your question'), 'Hello{Enter}');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    expect(stream.sent).toHaveLength(0);
  });

  it('puts a question from ?prompt= in the box without sending it', async () => {
    show(`/chat?prompt=${encodeURIComponent('What does the Full Moon mean for me?')}`);
    const box = (await screen.findByLabelText('Your question')) as HTMLTextAreaElement;
    expect(box.value).toBe('What does the Full Moon mean for me?');
    expect(stream.sent).toHaveLength(0);
  });
});
