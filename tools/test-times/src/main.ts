import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * Prints the per-file wall time of Jest runs from their JSON results
 * (`jest --json --outputFile=FILE`; several runs side by side, e.g. the test
 * lanes, are read as one), slowest first, and the tests skipped with their
 * names (which carry the reason), then the failed tests with the gist
 * of their failure; `--durations OUT` also records each int and
 * e2e file's seconds there for tools/test-lanes:
 *
 *   node dist/tools/test-times/src/main.js FILE... [--top N] [--durations OUT]
 */
interface AssertionResult {
  fullName: string;
  status: 'passed' | 'failed' | 'pending' | 'skipped' | 'todo' | 'disabled';
  failureMessages?: string[];
}
interface TestFileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
  message?: string;
  assertionResults: AssertionResult[];
}
interface JestResults {
  startTime: number;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: TestFileResult[];
}

/**
 * The gist of a failure without terminal colours: its message lines up to the stack (a matcher's Expected and Received
 * included), at most 12 lines of at most 200 characters, so that a log's tail says what was received as well as where.
 */
const gist = (text: string | undefined) => {
  const lines = (text ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim().length > 0 && !line.trim().startsWith('●'));
  const stack = lines.findIndex((line) => /^\s*at /.test(line));
  const message = (stack < 0 ? lines : lines.slice(0, stack)).slice(0, 12).map((line) => line.slice(0, 200));
  return message.length ? message.join('\n      ') : '(no message)';
};

const args = process.argv.slice(2);
const valueOf = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const optionValues = new Set([valueOf('--top'), valueOf('--durations')]);
const files = args.filter((arg) => !arg.startsWith('--') && !optionValues.has(arg));
if (files.length === 0) {
  process.stderr.write('usage: test-times <jest-results.json>... [--top N] [--durations OUT]\n');
  process.exit(2);
}
const top = Number(valueOf('--top') ?? Infinity);
const runs = files.filter((file) => existsSync(file)).map((file) => JSON.parse(readFileSync(file, 'utf8')) as JestResults);
const results: JestResults = {
  startTime: Math.min(...runs.map((run) => run.startTime)),
  numTotalTests: runs.reduce((sum, run) => sum + run.numTotalTests, 0),
  numPassedTests: runs.reduce((sum, run) => sum + run.numPassedTests, 0),
  numFailedTests: runs.reduce((sum, run) => sum + run.numFailedTests, 0),
  numPendingTests: runs.reduce((sum, run) => sum + run.numPendingTests, 0),
  testResults: runs.flatMap((run) => run.testResults),
};

const tierOf = (path: string) => /\.(unit|int|e2e)\.spec\.ts$/.exec(path)?.[1] ?? '?';
const count = (r: TestFileResult, ...statuses: AssertionResult['status'][]) =>
  r.assertionResults.filter((a) => statuses.includes(a.status)).length;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

const rows = results.testResults
  .map((r) => ({
    path: relative(process.cwd(), r.name),
    tier: tierOf(r.name),
    ms: r.endTime - r.startTime,
    passed: count(r, 'passed'),
    failed: count(r, 'failed') + (r.status === 'failed' && r.assertionResults.length === 0 ? 1 : 0),
    skipped: count(r, 'pending', 'skipped', 'todo', 'disabled'),
  }))
  .sort((a, b) => b.ms - a.ms);

const width = Math.max(...rows.map((r) => r.path.length), 4);
const line = (cells: string[]) =>
  `| ${cells[0].padEnd(width)} | ${cells
    .slice(1)
    .map((c, i) => c.padStart([4, 8, 6, 6, 7][i]))
    .join(' | ')} |`;
const out: string[] = [
  line(['file', 'tier', 'wall s', 'pass', 'fail', 'skipped']),
  `|${'-'.repeat(width + 2)}|-----:|---------:|-------:|-------:|--------:|`,
];
for (const r of rows.slice(0, top)) out.push(line([r.path, r.tier, seconds(r.ms), String(r.passed), String(r.failed), String(r.skipped)]));

const ends = results.testResults.map((r) => r.endTime);
const fileSum = rows.reduce((sum, r) => sum + r.ms, 0);
const wall = ends.length ? Math.max(...ends) - results.startTime : 0;
out.push('');
for (const tier of ['unit', 'int', 'e2e']) {
  const own = rows.filter((r) => r.tier === tier);
  out.push(`${tier}: ${own.length} files, ${seconds(own.reduce((sum, r) => sum + r.ms, 0))} s summed`);
}
out.push(
  `all: ${rows.length} files, ${results.numTotalTests} tests (${results.numPassedTests} passed, ${results.numFailedTests} failed, ` +
    `${results.numPendingTests} skipped); ${seconds(fileSum)} s summed over files, ${seconds(wall)} s wall (Jest start to last file's end)`,
);
const skipped = results.testResults.flatMap((r) =>
  r.assertionResults
    .filter((a) => a.status !== 'passed' && a.status !== 'failed')
    .map((a) => `${relative(process.cwd(), r.name)}: ${a.fullName}`),
);
if (skipped.length) out.push('', `skipped (${skipped.length}):`, ...skipped.map((s) => `  ${s}`));
const failed = results.testResults.flatMap((r) => {
  const file = relative(process.cwd(), r.name);
  const tests = r.assertionResults.filter((a) => a.status === 'failed');
  if (tests.length === 0 && r.status === 'failed') return [`${file}: ${gist(r.message)}`];
  return tests.map((a) => `${file}: ${a.fullName}: ${gist(a.failureMessages?.join('\n'))}`);
});
// Last, so that a log's tail names what failed and why.
if (failed.length) out.push('', `failed (${failed.length}):`, ...failed.map((s) => `  ${s}`));
process.stdout.write(`${out.join('\n')}\n`);

const durationsFile = valueOf('--durations');
if (durationsFile) {
  const known: Record<string, number> = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
  for (const row of rows) if (row.tier !== 'unit') known[row.path] = Math.round(row.ms / 100) / 10;
  const sorted = Object.fromEntries(Object.entries(known).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
}
