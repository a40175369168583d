import { describe, expect, test } from 'vitest';
import { SUPPORT_EMAIL } from '../../../lib/brand.ts';
import { formatCalendarDate } from '../../../lib/format-date.ts';
import { RESERVED_IDS } from '../components/legal-document-view.tsx';
import { COOKIE_POLICY } from './cookie-policy.ts';
import { PRIVACY_POLICY } from './privacy-policy.ts';
import { parseRichText } from './rich-text.ts';
import { TERMS_OF_SERVICE } from './terms-of-service.ts';
import type { Block, LegalDocument, RichText } from './types.ts';

const DOCUMENTS: Record<string, LegalDocument> = {
  '/privacy-policy': PRIVACY_POLICY,
  '/terms-of-service': TERMS_OF_SERVICE,
  '/cookie-policy': COOKIE_POLICY,
};

// Routes of the app (docs/requirements/routes-and-guards.md) that these pages may link to.
const APP_ROUTES = new Set([
  '/',
  ...Object.keys(DOCUMENTS),
  '/contact',
  '/updates',
  '/partners',
  '/partners/apply',
  '/subscription',
  '/birth-form',
  '/settings',
]);

function blockTexts(block: Block): RichText[] {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return [block.text];
    case 'list':
      return [...block.items];
    case 'table':
      return block.rows.flat();
    case 'entries':
      return block.items.flatMap((item) => [item.title, ...item.facts.map((fact) => fact.text)]);
  }
}

function allTexts(document: LegalDocument): RichText[] {
  const blocks = [
    ...document.intro,
    ...document.sections.flatMap((section) => [
      ...section.blocks,
      ...(section.subsections ?? []).flatMap((subsection) => subsection.blocks),
    ]),
  ];
  return [...document.summary, ...blocks.flatMap(blockTexts)];
}

function sectionIds(document: LegalDocument): string[] {
  return document.sections.flatMap((section) => [
    section.id,
    ...(section.subsections ?? []).map((subsection) => subsection.id),
  ]);
}

describe.each(Object.entries(DOCUMENTS))('%s content', (path, document) => {
  test('section ids are unique kebab-case anchors that do not clash with the page’s own', () => {
    const ids = sectionIds(document);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(RESERVED_IDS).not.toContain(id);
    }
  });

  test('every link leads somewhere real: an app route, a section that exists, mail or https', () => {
    for (const text of allTexts(document)) {
      for (const token of parseRichText(text)) {
        if (token.type === 'text') {
          // Markup that did not parse would show up as raw symbols.
          expect(token.text, text).not.toMatch(/\]\(|\*\*|`/);
          continue;
        }
        if (token.type !== 'link') continue;
        const { target } = token;
        if (target.kind === 'anchor') {
          expect(sectionIds(document), text).toContain(target.hash.slice(1));
        } else if (target.kind === 'route') {
          expect(APP_ROUTES, text).toContain(target.path);
          if (target.hash) {
            const linked = DOCUMENTS[target.path];
            expect(linked, `${text}: sections exist only on legal pages`).toBeDefined();
            expect(sectionIds(linked!), text).toContain(target.hash.slice(1));
          }
        } else if (target.kind === 'mailto') {
          expect(target.href).toBe(`mailto:${SUPPORT_EMAIL}`);
        }
      }
    }
    expect(path).toMatch(/^\//);
  });

  test('gives a summary, a description, the last-updated date and the support address', () => {
    expect(document.summary.length).toBeGreaterThan(0);
    expect(document.description.length).toBeGreaterThan(50);
    expect(document.description.length).toBeLessThanOrEqual(160);
    expect(formatCalendarDate(document.lastUpdated)).toBe('27 November 2026');
    expect(allTexts(document).some((text) => text.includes(`mailto:${SUPPORT_EMAIL}`))).toBe(true);
    expect(document.sections.at(-1)?.id).toBe('contact');
  });
});

describe('facts the pages must state', () => {
  const privacy = allTexts(PRIVACY_POLICY).join('\n');
  const terms = allTexts(TERMS_OF_SERVICE).join('\n');
  const cookies = allTexts(COOKIE_POLICY).join('\n');

  test('the privacy policy covers what we collect, processors, rights in the app and the advice disclaimer’s subject', () => {
    for (const fact of [
      'password hash',
      'date, time and place of birth',
      'sensitive personal data',
      'never receive or store your card number',
      'IP address',
      'user agent',
      'Stripe',
      'Email delivery provider',
      'AI provider',
      'JSON file',
      'confirm with your password',
      '**Sign out everywhere else**',
      '**Export my data**',
      'Change your name',
      'no cookies',
      'no third-party trackers',
    ]) {
      expect(privacy).toContain(fact);
    }
  });

  test('the terms cover age, advice, the assistant, trials, renewal, cancellation, refunds and price changes', () => {
    for (const fact of [
      'at least 16 years old',
      'for reflection and entertainment',
      'not medical, legal, psychological or financial advice',
      'generated automatically',
      'can be **wrong**',
      'free trial',
      'renews automatically',
      'at the end of the current billing period',
      'Right of withdrawal',
      'at least 30 days before a new price applies',
      '[partners page](/partners)',
    ]) {
      expect(terms).toContain(fact);
    }
  });

  test('the cookie policy says there are no cookies and no third-party trackers', () => {
    expect(cookies).toContain('sets **no cookies**');
    expect(cookies).toContain('**no third-party trackers**');
    expect(cookies).toContain('Service worker cache');
  });
});
