import { APP_VERSION_LABEL } from '@app/contracts/constants.ts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { PRODUCT_NAME } from '../../../lib/brand.ts';
import { CHANGELOG_SOURCE } from '../changelog-source.ts';
import { parseChangelog } from '../parse-changelog.ts';
import UpdatesPage from './updates-page.tsx';

afterEach(cleanup);

test('renders the repository changelog with the current version marked', () => {
  render(<UpdatesPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Updates' })).toBeTruthy();
  expect(document.title).toBe(`Updates · ${PRODUCT_NAME}`);
  const [newest] = within(screen.getByRole('list', { name: 'Releases' })).getAllByRole('article');
  expect(within(newest!).getByRole('heading', { level: 2 }).textContent).toBe(`Version ${APP_VERSION_LABEL}`);
  expect(within(newest!).getByText('Current version')).toBeTruthy();
  // Every change of the newest release, as the changelog lists it.
  const changes = parseChangelog(CHANGELOG_SOURCE).releases[0]!.changes;
  expect(within(newest!).getAllByRole('listitem')).toHaveLength(changes.length);
});

test('shows releases newest first with their dates and changes', () => {
  render(
    <UpdatesPage
      source={['## 0.1.0 — 2026-01-05', '- First.', '## 0.2.0 — 2026-02-10', '- Second.', '- Another.'].join(
        '\n',
      )}
    />,
  );
  const articles = screen.getAllByRole('article');
  expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual([
    'Version 0.2.0',
    'Version 0.1.0',
  ]);
  expect(within(articles[0]!).getByText('10 February 2026').getAttribute('datetime')).toBe('2026-02-10');
  expect(
    within(articles[0]!)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Second.', 'Another.']);
  expect(screen.queryByText('Current version')).toBeNull();
});

test('says so when there is nothing to show', () => {
  render(<UpdatesPage source="# Changelog" />);
  expect(screen.getByText('There are no release notes yet.')).toBeTruthy();
  expect(screen.queryByRole('article')).toBeNull();
});
