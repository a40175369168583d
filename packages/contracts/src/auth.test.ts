import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NAME_CHARACTERS_MESSAGE,
  NameSchema,
  PASSWORD_INVISIBLE_MESSAGE,
  PASSWORD_REPETITIVE_MESSAGE,
  PasswordSchema,
} from './auth.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

// Characters that show nothing: white space, C0/C1 controls, and format characters (bidi
// controls, zero-width space, joiners, BOM, soft hyphen, word joiner).
const invisible = fc.constantFrom(
  ' ',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\u0000',
  '\u0007',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\u00ad',
  '\u2060',
);
// Control and format characters other than the joiners that some scripts need.
const hidden = fc.constantFrom(
  '\u0000',
  '\u0009',
  '\u000a',
  '\u001b',
  '\u007f',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\u00ad',
);

describe('PasswordSchema', () => {
  it('refuses any password made only of invisible characters', () => {
    fc.assert(
      fc.property(fc.array(invisible, { minLength: 8, maxLength: 64 }), (chars) => {
        expect(firstMessage(PasswordSchema.safeParse(chars.join('')))).toBe(PASSWORD_INVISIBLE_MESSAGE);
      }),
    );
  });

  it('refuses any password drawn from three visible characters or fewer', () => {
    const fewVisible = fc
      .uniqueArray(
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => /\S/u.test(c)),
        { minLength: 1, maxLength: 3 },
      )
      .chain((alphabet) => fc.array(fc.constantFrom(...alphabet), { minLength: 8, maxLength: 64 }));
    fc.assert(
      fc.property(fewVisible, (chars) => {
        expect(firstMessage(PasswordSchema.safeParse(chars.join('')))).toBe(PASSWORD_REPETITIVE_MESSAGE);
      }),
    );
  });

  it('accepts any password of four or more different visible characters', () => {
    const varied = fc
      .uniqueArray(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-!ü🌙'), {
        minLength: 4,
        maxLength: 12,
      })
      .chain((distinct) =>
        fc
          .array(fc.constantFrom(...distinct), { minLength: 0, maxLength: 40 })
          .map((more) => [...distinct, ...more]),
      )
      .filter((chars) => chars.length >= 8 && chars.join('').length <= 128);
    fc.assert(fc.property(varied, (chars) => PasswordSchema.safeParse(chars.join('')).success));
  });
});

describe('NameSchema', () => {
  it('refuses any name with a control or format character inside it', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        hidden,
        fc.string({ maxLength: 20 }),
        (before, bad, after) => {
          const name = `A${before}${bad}${after}Z`;
          expect(firstMessage(NameSchema.safeParse(name))).toBe(NAME_CHARACTERS_MESSAGE);
        },
      ),
    );
  });

  it('accepts printable names of letters, marks, spaces and punctuation', () => {
    const printable = fc
      .string({ unit: fc.constantFrom(...'Aaßøé Ł-’.Ωжمه李'), minLength: 1, maxLength: 60 })
      .filter((name) => /\p{L}/u.test(name));
    fc.assert(fc.property(printable, (name) => NameSchema.safeParse(name).success));
  });
});
