import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { useMetaDescription } from './use-meta-description.ts';

function Page({ text }: { text: string }) {
  useMetaDescription(text);
  return null;
}

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]');

afterEach(() => {
  cleanup();
  for (const meta of document.head.querySelectorAll('meta')) meta.remove();
});

test('replaces the site description while the page is shown and restores it afterwards', () => {
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = 'Site description';
  document.head.append(meta);

  const view = render(<Page text="Page description" />);
  expect(description()?.content).toBe('Page description');
  view.rerender(<Page text="Another page" />);
  expect(description()?.content).toBe('Another page');
  view.unmount();
  expect(description()?.content).toBe('Site description');
});

test('adds the tag when the document has none and removes it again', () => {
  const view = render(<Page text="Only here" />);
  expect(description()?.content).toBe('Only here');
  view.unmount();
  expect(description()).toBeNull();
});
