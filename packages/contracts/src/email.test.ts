import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmailSchema, parseEmail } from './email.ts';

describe('parseEmail', () => {
  it.each([
    ['Ada@Example.COM', 'ada@example.com'],
    ['  first.last+tag@sub.example.org ', 'first.last+tag@sub.example.org'],
    ["o'brien@example.ie", "o'brien@example.ie"],
    ['user@bücher.de', 'user@bücher.de'],
  ])('accepts %s', (input, normalised) => {
    expect(parseEmail(input)).toEqual({ ok: true, email: normalised });
  });

  it.each([
    ['', 'empty'],
    ['a@b.com, c@d.com', 'forbidden-character'],
    ['a@b.com;c@d.com', 'forbidden-character'],
    ['Ada <ada@example.com>', 'forbidden-character'],
    ['"a@b"@example.com', 'forbidden-character'],
    ['ada@example.com\r\nBcc: x@y.com', 'forbidden-character'],
    ['ada\uFF20example.com', 'forbidden-character'],
    ['ada@@example.com', 'not-one-address'],
    ['ada@b@example.com', 'not-one-address'],
    ['.ada@example.com', 'bad-local-part'],
    ['ada..b@example.com', 'bad-local-part'],
    ['ada@localhost', 'bad-domain'],
    ['ada@-example.com', 'bad-domain'],
    ['ada@example.c0m', 'bad-domain'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(parseEmail(input)).toEqual({ ok: false, problem });
  });

  it('never accepts an address holding a control character or a second at sign', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const result = parseEmail(`${a}@${b}`);
        if (result.ok) {
          expect(result.email.split('@')).toHaveLength(2);
          expect(/[\p{Cc}\s]/u.test(result.email)).toBe(false);
        }
      }),
    );
  });

  it('the schema normalises and reports a readable message', () => {
    expect(EmailSchema.parse(' X@Y.io ')).toBe('x@y.io');
    const failed = EmailSchema.safeParse('nope');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe('Please enter a valid email address.');
  });
});
