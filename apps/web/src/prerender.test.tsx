import { afterEach, expect, it, vi } from 'vitest';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered-pages.ts';
import { useAuth } from './features/auth/stores/auth-store.ts';
import { renderPagesForGuest } from './prerender.tsx';
import { installFakeServer } from './testing/fake-server.ts';

const server = installFakeServer();

afterEach(() => {
  vi.restoreAllMocks();
  useAuth.setState({ user: null, token: null, loading: false, error: null });
});

it('renders the home page at build time without asking the server: prices and samples wait in placeholders of their size', async () => {
  const fetched = vi.spyOn(globalThis, 'fetch');
  const html = await renderPagesForGuest();
  expect(server.sent).toEqual([]);
  expect(fetched).not.toHaveBeenCalled();

  const pages = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const home = pages.querySelector(`[${PRERENDERED_ATTRIBUTE}="/"]`);
  if (!home) throw new Error('no home page in the prerendered pages');
  const section = (name: string) =>
    [...home.querySelectorAll('section')].find(
      (element) => element.querySelector('h2')?.textContent === name,
    );

  const pricing = section('Plans and prices');
  expect(pricing?.querySelectorAll('[data-testid="plan-card"][aria-hidden="true"]')).toHaveLength(3);
  expect(home.querySelector('[data-testid="hero-price"]')?.className).toContain('min-h-7');
  const samples = section('See what you get');
  for (const kind of ['landscape', 'chat']) {
    const frame = samples?.querySelector(`[data-testid="sample-${kind}"]`);
    expect(frame?.className, kind).toContain('h-[34rem]');
  }
  // A guest has no main navigation.
  expect(home.querySelector('nav[aria-label="Main"]')).toBeNull();
}, 60_000);
