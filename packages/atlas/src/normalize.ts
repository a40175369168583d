// Letters that Unicode decomposition leaves alone but that people type as plain Latin letters.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
};
const SPECIAL_PATTERN = /[ßæøœđðłþıħŧŋ]/g;

/**
 * The search key of a place name or a query: case and accents folded away, every run of
 * punctuation or spacing turned into one space ("Saint-Étienne" -> "saint etienne",
 * "Zürich" -> "zurich"). The atlas file stores keys folded by this same function, so a change
 * here means rebuilding the data (`npm run build:data -w packages/atlas`).
 */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(SPECIAL_PATTERN, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
