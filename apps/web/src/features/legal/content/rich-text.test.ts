import { describe, expect, test } from 'vitest';
import { parseLinkTarget, parseRichText, plainText } from './rich-text.ts';

describe('parseRichText', () => {
  test('plain text is one token', () => {
    expect(parseRichText('Nothing special here.')).toEqual([{ type: 'text', text: 'Nothing special here.' }]);
  });

  test('reads strong, code and every kind of link in order', () => {
    expect(
      parseRichText(
        'Go to **Settings**, key `theme`, [policy](/cookie-policy#storage), [below](#rights), ' +
          '[mail](mailto:support@astroguidance.app) or [Stripe](https://stripe.com/privacy).',
      ),
    ).toEqual([
      { type: 'text', text: 'Go to ' },
      { type: 'strong', text: 'Settings' },
      { type: 'text', text: ', key ' },
      { type: 'code', text: 'theme' },
      { type: 'text', text: ', ' },
      { type: 'link', text: 'policy', target: { kind: 'route', path: '/cookie-policy', hash: '#storage' } },
      { type: 'text', text: ', ' },
      { type: 'link', text: 'below', target: { kind: 'anchor', hash: '#rights' } },
      { type: 'text', text: ', ' },
      { type: 'link', text: 'mail', target: { kind: 'mailto', href: 'mailto:support@astroguidance.app' } },
      { type: 'text', text: ' or ' },
      { type: 'link', text: 'Stripe', target: { kind: 'external', href: 'https://stripe.com/privacy' } },
      { type: 'text', text: '.' },
    ]);
  });

  test('leaves unsupported links and unclosed markup as literal text', () => {
    expect(parseRichText('[click](javascript:alert(1)) and **open')).toEqual([
      { type: 'text', text: '[click](javascript:alert(1)) and **open' },
    ]);
    expect(parseRichText('[plain](http://example.com)')).toEqual([
      { type: 'text', text: '[plain](http://example.com)' },
    ]);
  });

  test('plainText drops the markup and keeps the words', () => {
    expect(plainText('See **your** `data` in [Settings](/settings).')).toBe('See your data in Settings.');
  });
});

describe('parseLinkTarget', () => {
  test('accepts app paths, anchors, mail and https addresses only', () => {
    expect(parseLinkTarget('/settings')).toEqual({ kind: 'route', path: '/settings', hash: '' });
    expect(parseLinkTarget('#your-rights')).toEqual({ kind: 'anchor', hash: '#your-rights' });
    expect(parseLinkTarget('mailto:a@b.c')).toEqual({ kind: 'mailto', href: 'mailto:a@b.c' });
    expect(parseLinkTarget('https://stripe.com/privacy')).toEqual({
      kind: 'external',
      href: 'https://stripe.com/privacy',
    });
    for (const bad of [
      'http://x.test',
      'javascript:void(0)',
      'settings',
      '//evil',
      '/a//b',
      'mailto:nobody',
    ]) {
      expect(parseLinkTarget(bad), bad).toBeNull();
    }
  });
});
