import { checkSentence, SentenceSplitter } from '../../packages/interpretations/src/claims/check-claims.ts';
import {
  ANGLE_CASES,
  ASPECT_CASES,
  type Case,
  HOUSE_CASES,
  LEFT_ALONE,
  RETRO_CASES,
  SIGN_CASES,
  SKY_CASES,
  TRANSIT_CASES,
} from '../../packages/interpretations/src/claims/claim-cases.ts';
import { NO_TIME, SAMPLE } from '../../packages/interpretations/src/claims/claim-fixtures.ts';

// The claim checker's cost, in process: sentences checked per second over the test set (true,
// false, negated and unrelated sentences of every kind), beside merely splitting the same text into
// sentences (the baseline the streaming path pays anyway), in the same run.
//   node --import tsx bench/claims/run.ts

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const cases: Case[] = [
  ...SIGN_CASES,
  ...HOUSE_CASES,
  ...ANGLE_CASES,
  ...ASPECT_CASES,
  ...RETRO_CASES,
  ...SKY_CASES,
  ...TRANSIT_CASES,
  ...LEFT_ALONE,
];
const text = cases.map((c) => c.say).join(' ');

function timed(work: () => void): number {
  for (let i = 0; i < 3; i++) work(); // warm up
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) work();
  return (performance.now() - started) / ROUNDS;
}

let corrected = 0;
const checkMs = timed(() => {
  corrected = 0;
  for (const c of cases)
    if (checkSentence(c.say, c.noTime ? NO_TIME : SAMPLE).corrections.length) corrected += 1;
});
const splitMs = timed(() => {
  const splitter = new SentenceSplitter();
  splitter.push(text);
  splitter.flush();
});
const perSecond = (cases.length / checkMs) * 1000;
console.log(
  `Claim checker: ${cases.length} sentences (${corrected} with a false statement), ${ROUNDS} rounds`,
);
console.log(
  `  checked: ${perSecond.toFixed(0)} sentences/s (${((checkMs * 1000) / cases.length).toFixed(1)} µs each)`,
);
console.log(
  `  split only: ${((splitMs * 1000) / cases.length).toFixed(2)} µs per sentence; checking/splitting ${(checkMs / splitMs).toFixed(1)}×`,
);
