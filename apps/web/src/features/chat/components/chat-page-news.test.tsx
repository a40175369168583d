import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../lib/toast-store.ts';
import { installFakeServer, ok } from '../../../testing/fake-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { DELETED_ELSEWHERE } from '../hooks/use-chat-realtime.ts';
import ChatPage from './chat-page.tsx';

// The person's other tab renames or deletes conversations: the news comes over the realtime
// connection (a Socket.IO client played here by an event emitter) and this tab follows.

const realtime = vi.hoisted(() => ({
  socket: null as null | { emit(event: string, payload: unknown): void },
}));
vi.mock('socket.io-client', async () => {
  const { EventEmitter } = await import('node:events');
  class FakeClient extends EventEmitter {
    connected = false;
    close() {
      this.removeAllListeners();
    }
  }
  return {
    io: () => {
      const socket = new FakeClient();
      realtime.socket = socket;
      return socket;
    },
  };
});

const server = installFakeServer();

const session = (id: string, title: string) => ({
  id,
  title,
  createdAt: '2026-11-24T10:00:00Z',
  updatedAt: `2026-11-24T10:0${id === 's1' ? 1 : 0}:00Z`,
});

/** News from the server, as another tab's change would bring it. */
function hear(event: string, payload: unknown) {
  act(() => realtime.socket?.emit(event, payload));
}

beforeEach(() => {
  localStorage.setItem('authToken', 'token-1');
  server.answers = {
    'GET /api/chat/usage': ok({
      success: true,
      data: { used: 1, limit: 50, resetsAt: '2026-11-25T00:00:00Z' },
    }),
    'GET /api/chat/starters': ok({ success: true, data: { fixed: ['Hello?'], tailored: [] } }),
    'GET /api/chat/sessions': ok({
      success: true,
      data: [session('s1', 'Moon sign and emotions'), session('s2', 'Career and vocation')],
    }),
    'GET /api/chat/sessions/s1': ok({
      success: true,
      data: { ...session('s1', 'Moon sign and emotions'), messages: [] },
    }),
  };
});

describe('a conversation changed in another tab', () => {
  it('is renamed here, and when the open one is deleted the page moves to a new conversation', async () => {
    const router = renderWithProviders(null, {
      at: '/chat/s1',
      routes: [
        { path: '/chat', element: <ChatPage /> },
        { path: '/chat/:sessionId', element: <ChatPage /> },
      ],
    }).router;
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    await within(list).findByRole('link', { name: /Career and vocation/ }, { timeout: 5_000 });

    hear('chat:renamed', session('s2', 'Saturn return'));
    hear('chat:renamed', session('s1', 'About my Moon'));
    expect(await within(list).findByRole('link', { name: /Saturn return/ })).toBeTruthy();
    expect(within(list).queryByRole('link', { name: /Career and vocation/ })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'About my Moon' })).toBeTruthy();

    hear('chat:deleted', { sessionId: 's1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    const after = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(after).queryByRole('link', { name: /About my Moon/ })).toBeNull();
    expect(within(after).getByRole('link', { name: /Saturn return/ })).toBeTruthy();
    expect(useToasts.getState().toasts.map((toast) => toast.title)).toContain(DELETED_ELSEWHERE);
  });
});
