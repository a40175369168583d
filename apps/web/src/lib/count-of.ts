/** "1 landscape", "2 landscapes": a count with its noun in the right number (English). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** The noun alone, for a count shown elsewhere (a large figure above its label). */
export function nounFor(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}
