/**
 * The markdown parser on hostile bodies (docs/benchmarks.md; the goal its "stays quick" test held
 * until issue 30 moved it here). Announcements and chat messages are markdown an operator or an
 * agent typed; a body of lone markers — `[*\``, `*a `, `[a](`, `**a` — must not make the parser
 * backtrack. Each hostile body is timed against a baseline in the same run: ordinary prose with
 * emphasis, code and links, of the same length, so the ratio says whether the markers cost more
 * than text, whatever the machine's load.
 *
 *   npm run bench -w @skydesk/web
 *
 * BENCH_ROUNDS changes the rounds (default 20). Goals: each hostile body ≤ 10 × the baseline, and
 * the four together (the old test's budget) under 1,000 ms.
 */
import { parseMarkdown } from '../src/shared/markdown/parse-markdown';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARM_UP = 3;
const GOAL_RATIO = 10;
const GOAL_TOTAL_MS = 1_000;

const HOSTILE: Record<string, string> = {
  "'[*`' × 3,300": '[*`'.repeat(3_300),
  "'*a ' × 3,300": '*a '.repeat(3_300),
  "'[a](' × 2,500": '[a]('.repeat(2_500),
  "'**a' × 3,300": '**a'.repeat(3_300),
};

const PROSE =
  'Fly **Dubai** to *London* with `EK 1` on the 12th; see [the fares](https://skydesk.example/fares). ';
const proseOf = (length: number) => PROSE.repeat(Math.ceil(length / PROSE.length)).slice(0, length);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function timed(source: string): number {
  const began = performance.now();
  parseMarkdown(source);
  return performance.now() - began;
}

const rows: { name: string; length: number; hostile: number; baseline: number; ratio: number }[] = [];
for (const [name, source] of Object.entries(HOSTILE)) {
  const prose = proseOf(source.length);
  const hostile: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
    const [b, h] = [timed(prose), timed(source)];
    if (round >= WARM_UP) {
      baseline.push(b);
      hostile.push(h);
    }
  }
  const [h, b] = [median(hostile), median(baseline)];
  rows.push({ name, length: source.length, hostile: h, baseline: b, ratio: h / b });
}

const total = rows.reduce((sum, row) => sum + row.hostile, 0);
console.log(`Markdown parser, hostile bodies against prose of the same length (median of ${ROUNDS} rounds):`);
for (const row of rows) {
  console.log(
    `  ${row.name.padEnd(16)} ${String(row.length).padStart(6)} chars  ${row.hostile.toFixed(2).padStart(7)} ms  prose ${row.baseline.toFixed(2).padStart(6)} ms  ratio ${row.ratio.toFixed(1)}`,
  );
}
const met = rows.every((row) => row.ratio <= GOAL_RATIO) && total < GOAL_TOTAL_MS;
console.log(`  the four together ${total.toFixed(1)} ms`);
console.log(
  `  goals: each ≤ ${GOAL_RATIO} × its prose, together < ${GOAL_TOTAL_MS} ms — ${met ? 'met' : 'MISSED'}`,
);
if (!met) process.exitCode = 1;
