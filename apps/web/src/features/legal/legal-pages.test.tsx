import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../lib/api-client.ts';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../lib/brand.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import CookiePolicyPage from './pages/cookie-policy-page.tsx';
import PrivacyPolicyPage from './pages/privacy-policy-page.tsx';
import TermsOfServicePage from './pages/terms-of-service-page.tsx';

// Long pages in jsdom on a busy machine: allow more than the default five seconds.
vi.setConfig({ testTimeout: 20_000 });

const PAGES: [string, string, ComponentType][] = [
  ['/privacy-policy', 'Privacy policy', PrivacyPolicyPage],
  ['/terms-of-service', 'Terms of service', TermsOfServicePage],
  ['/cookie-policy', 'Cookie policy', CookiePolicyPage],
];

// The server's configured support address (GET /api/contact/info); none by default (a 404).
let configuredSupport: string | null = null;
const originalAdapter = api.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const response = configuredSupport
    ? {
        data: { success: true, supportEmail: configuredSupport },
        status: 200,
        statusText: '',
        headers: {},
        config,
      }
    : { data: {}, status: 404, statusText: '', headers: {}, config };
  if (response.status >= 400)
    throw Object.assign(new Error('failed'), { isAxiosError: true, response, config });
  return response;
};

function show(path: string, Page: ComponentType, entry = path) {
  api.defaults.adapter = adapter;
  return renderWithProviders(<Page />, { path, at: entry });
}

// Role queries over these long pages are slow; the landmark is found by its label's id instead.
function contents(): HTMLElement {
  const nav = document.querySelector<HTMLElement>('nav[aria-labelledby="on-this-page"]');
  expect(nav?.querySelector('#on-this-page')?.textContent).toBe('On this page');
  return nav!;
}

afterEach(() => {
  cleanup();
  document.title = '';
  configuredSupport = null;
  api.defaults.adapter = originalAdapter;
});

describe.each(PAGES)('%s', (path, title, Page) => {
  test('has one h1, then headings that never skip a level', () => {
    const view = show(path, Page);
    const headings = [...view.container.querySelectorAll('h1, h2, h3, h4, h5, h6')];
    const levels = headings.map((heading) => Number(heading.tagName[1]));
    const h1s = view.container.querySelectorAll('h1');
    expect(h1s).toHaveLength(1);
    expect(h1s[0]?.textContent).toBe(title);
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0)
        expect(level, headings[index]?.textContent ?? '').toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
    expect(levels.filter((level) => level === 2).length).toBeGreaterThan(3);
  });

  test('shows when it was last updated and how to reach support', () => {
    show(path, Page);
    const time = screen.getByText('27 November 2026');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-27');
    expect(time.parentElement?.textContent).toBe('Last updated 27 November 2026');
    const mailLink = document.querySelector(`a[href="mailto:${SUPPORT_EMAIL}"]`);
    expect(mailLink?.textContent).toBe(SUPPORT_EMAIL);
  });

  test('names the support address the server is configured with (SUPPORT_EMAIL)', async () => {
    configuredSupport = 'help@stars.example';
    show(path, Page);
    await waitFor(() => expect(document.querySelector('a[href="mailto:help@stars.example"]')).not.toBeNull());
    expect(document.querySelector(`a[href="mailto:${SUPPORT_EMAIL}"]`)).toBeNull();
  });

  test('sets the tab title and the meta description', () => {
    show(path, Page);
    expect(document.title).toBe(`${title} · ${PRODUCT_NAME}`);
    const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    expect(description?.content.length).toBeGreaterThan(50);
  });

  test('lists its sections in a table of contents whose links reach them', () => {
    show(path, Page);
    const toc = contents();
    const links = [...toc.querySelectorAll('a')];
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      expect(href.startsWith(`${path}#`), href).toBe(true);
      const heading = document.getElementById(href.slice(href.indexOf('#') + 1));
      expect(heading?.tagName).toBe('H2');
      expect(heading?.textContent).toContain(link.textContent);
    }
  });
});

describe('section links', () => {
  test('following a contents link moves focus to that section', () => {
    show('/privacy-policy', PrivacyPolicyPage);
    fireEvent.click(within(contents()).getByRole('link', { name: 'Your rights, and how to use them' }));
    expect(document.activeElement?.id).toBe('your-rights');
  });

  test('opening the page at a section focuses it', () => {
    show('/terms-of-service', TermsOfServicePage, '/terms-of-service#refunds');
    expect(document.activeElement?.id).toBe('refunds');
    expect(document.activeElement?.textContent).toContain('Refunds');
  });
});

describe('data on the device', () => {
  // Imported from the contracts: a storage key added there without being documented fails here.
  const keys = Object.values(STORAGE_KEYS);

  test.each([
    ['privacy policy', '/privacy-policy', PrivacyPolicyPage],
    ['cookie policy', '/cookie-policy', CookiePolicyPage],
  ] as const)('the %s names every local storage key the app uses, and the offline cache', (_, path, Page) => {
    const view = show(path, Page);
    const documented = [...view.container.querySelectorAll('h3 code, h4 code')].map(
      (code) => code.textContent,
    );
    for (const key of keys) expect(documented, key).toContain(key);
    expect(documented).toHaveLength(keys.length);
    const cardTitles = [...view.container.querySelectorAll('h3, h4')].map((heading) => heading.textContent);
    expect(cardTitles).toContain('Service worker cache (offline use)');
    // The app keeps the person's own data for offline use: the policy says so, and when it goes.
    expect(cardTitles).toContain('Service worker cache (your data for offline use)');
    expect(view.container.textContent).toContain('Deleted when you log out on this device');
  });

  test('the cookie policy states that no cookies are set', () => {
    const view = show('/cookie-policy', CookiePolicyPage);
    // Each heading ends with a decorative "#" (hidden from screen readers).
    const headings = [...view.container.querySelectorAll('h2')].map((heading) => heading.textContent);
    expect(headings).toContain('We set no cookies#');
  });
});
