import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../lib/brand.ts';
import CookiePolicyPage from './pages/cookie-policy-page.tsx';
import PrivacyPolicyPage from './pages/privacy-policy-page.tsx';
import TermsOfServicePage from './pages/terms-of-service-page.tsx';

const PAGES: [string, string, ComponentType][] = [
  ['/privacy-policy', 'Privacy policy', PrivacyPolicyPage],
  ['/terms-of-service', 'Terms of service', TermsOfServicePage],
  ['/cookie-policy', 'Cookie policy', CookiePolicyPage],
];

function show(path: string, Page: ComponentType, entry = path) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path={path} element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  document.title = '';
});

describe.each(PAGES)('%s', (path, title, Page) => {
  test('has one h1, then headings that never skip a level', () => {
    const view = show(path, Page);
    const headings = [...view.container.querySelectorAll('h1, h2, h3, h4, h5, h6')];
    const levels = headings.map((heading) => Number(heading.tagName[1]));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0)
        expect(level, headings[index]?.textContent ?? '').toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
    expect(levels.filter((level) => level === 2).length).toBeGreaterThan(3);
  });

  test('shows when it was last updated and how to reach support', () => {
    show(path, Page);
    const time = screen.getByText('22 November 2026');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-22');
    expect(time.parentElement?.textContent).toBe('Last updated 22 November 2026');
    const mailLink = document.querySelector(`a[href="mailto:${SUPPORT_EMAIL}"]`);
    expect(mailLink?.textContent).toBe(SUPPORT_EMAIL);
  });

  test('sets the tab title and the meta description', () => {
    show(path, Page);
    expect(document.title).toBe(`${title} · ${PRODUCT_NAME}`);
    const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    expect(description?.content.length).toBeGreaterThan(50);
  });

  test('lists its sections in a table of contents whose links reach them', () => {
    show(path, Page);
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(toc).getAllByRole('link');
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
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    fireEvent.click(within(toc).getByRole('link', { name: 'Your rights, and how to use them' }));
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
    expect(screen.getByRole('heading', { name: /Service worker cache/ })).toBeTruthy();
  });

  test('the cookie policy states that no cookies are set', () => {
    show('/cookie-policy', CookiePolicyPage);
    expect(screen.getByRole('heading', { level: 2, name: 'We set no cookies' })).toBeTruthy();
  });
});
