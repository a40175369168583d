import { readLibraryFiles } from '@app/interpretations/library/library';
import { frameOf, sentencesOf } from '@app/interpretations/library/frames';
import { ASKED } from '../../packages/interpretations/test/assistant-questions.ts';
import { answerOne } from '../../apps/server/src/modules/chat/testing/question-set.ts';
const texts = new Map<string, string>();
const walk = (file: string, node: unknown) => {
  if (typeof node === 'string') texts.set(node.trim(), file);
  else if (Array.isArray(node)) node.forEach((n) => walk(file, n));
  else if (node && typeof node === 'object') Object.values(node).forEach((n) => walk(file, n));
};
for (const [file, node] of Object.entries(readLibraryFiles())) walk(file, node);
const seen = new Set<string>();
const bySource = new Map<string, number>();
ASKED.forEach((a, i) => {
  const r = answerOne(i, a.q, a.after);
  const sentences = r.answer.paragraphs.flatMap((p) => p.split('\n')).flatMap(sentencesOf).filter((s) => !/^(- )?\*\*[^*]+\*\*[.:]?$/.test(s.trim()));
  const frames = new Map(sentences.map((s) => [frameOf(s), s]));
  for (const [f, s] of frames) {
    if (seen.has(f)) {
      const bare = s.replace(/^- \*\*[^*]+\*\*:? ?/, '').trim();
      const src = [...texts].find(([t]) => bare.includes(t.replace(/[.!?]$/, '')))?.[1] ?? 'composer';
      const key = `${r.understood.kind} ${src.replace(/\/[a-z-]+$/, '/*')}`;
      bySource.set(key, (bySource.get(key) ?? 0) + 1);
    }
  }
  for (const f of frames.keys()) seen.add(f);
});
console.log([...bySource].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, n]) => `${n} ${k}`).join('\n'));
