import type { ChatMemory } from '@app/contracts/chat.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeServer, ok, refused } from '../../../testing/fake-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { MemorySection } from './memory-section.tsx';

const MEMORY: ChatMemory = {
  id: '0b6c1f7e-58a4-4e57-9a57-1f0f8a1b2c3d',
  text: 'You work as a nurse',
  createdAt: '2026-11-24T10:00:00Z',
};

const server = installFakeServer();
const asked = () => server.sent.map((request) => `${request.method} ${request.url}`);
const show = () => renderWithProviders(<MemorySection />);

describe('what the assistant remembers', () => {
  it('lists the remembered things and forgets one on request', async () => {
    server.answers['GET /api/chat/memory'] = ok({ success: true, data: [MEMORY] });
    server.answers[`DELETE /api/chat/memory/${MEMORY.id}`] = ok({
      success: true,
      message: 'The assistant has forgotten it.',
    });
    show();
    expect(await screen.findByText('You work as a nurse')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Forget: You work as a nurse' }));
    await waitFor(() => expect(screen.getByText('Nothing yet.')).toBeTruthy());
    expect(asked()).toContain(`DELETE /api/chat/memory/${MEMORY.id}`);
  });

  it('is left out for a person whose plan has no chat', async () => {
    server.answers['GET /api/chat/memory'] = refused(403, 'PAYMENT_REQUIRED', 'Paid access required.');
    show();
    await waitFor(() => expect(asked()).toEqual(['GET /api/chat/memory']));
    await waitFor(() => expect(screen.queryByText('What the assistant remembers')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
