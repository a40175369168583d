// The built-in assistant over the question sets: the share of questions answered (not "tell me
// more"), the share understood as the set says, statements the claim checker would correct, the
// share of sentences repeating a frame already said in another answer (any answer of the set, to
// anyone), and compose time. Each fixed chart's questions are asked in one conversation.
//   node --import tsx bench/assistant/run.ts

import {
  ASKED_AT,
  answerSet,
  repeatedFrames,
  SET_BIRTHS,
} from '../../apps/server/src/modules/chat/testing/question-set.ts';
import { ASKED, UNSEEN } from '../../packages/interpretations/test/assistant-questions.ts';

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
const matches = (got: Record<string, unknown>, want: Record<string, unknown>) =>
  Object.entries(want).every(([k, v]) =>
    k === 'window'
      ? (v as { label?: string } | null)?.label === (got[k] as { label?: string } | undefined)?.label
      : got[k] === v,
  );

for (const [name, set] of [
  ['the question set', ASKED],
  ['the set written without seeing the assistant', UNSEEN],
] as const) {
  if (set.length === 0) continue;
  const answers = answerSet(set);
  const fallback = answers.filter((a) => !a.answer.understood).length;
  const right = answers.filter((a, i) =>
    matches(a.understood as unknown as Record<string, unknown>, set[i]!.expect),
  ).length;
  const corrected = answers.filter((a) => a.corrections > 0).length;
  const frames = repeatedFrames(answers);
  const times = answers.map((a) => a.ms).sort((x, y) => x - y);
  console.log(
    `${name} (${set.length} questions from ${Math.min(SET_BIRTHS.length, set.length)} fixed charts, each chart's in one conversation, asked ${ASKED_AT.toISOString().slice(0, 16)} UTC):`,
  );
  console.log(
    `  answered: ${pct(set.length - fallback, set.length)}, fallback "tell me more": ${pct(fallback, set.length)}`,
  );
  console.log(`  understood as the set says: ${pct(right, set.length)}`);
  console.log(`  answers with a statement the claim checker corrects: ${corrected}`);
  console.log(`  a frame said twice within one answer: ${frames.withinAnswer}`);
  console.log(
    `  sentences repeating a frame of an earlier answer: ${frames.repeated} of ${frames.sentences} (${pct(frames.repeated, frames.sentences)})`,
  );
  console.log(
    `  facts and words per answer: median ${times[times.length >> 1]!.toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(1)} ms`,
  );
}
