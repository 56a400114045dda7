import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { groupsOf, planLanes, type TestFile } from './plan';

/**
 * Plans the lanes of the int and e2e files (plan.ts) and writes one list per lane:
 *
 *   node dist/tools/test-lanes/src/main.js --lanes N --durations FILE --out DIR
 *
 * DIR/lane-<k>.txt holds lane k's files, one per line, in the order to run them.
 * FILE maps each file to its seconds in an earlier run (tools/test-times --durations).
 */
const UNKNOWN_FILE_SECONDS = 30;

function option(name: string, fallback?: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? process.argv[at + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
}

function specFiles(root: string, dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') specFiles(root, path, found);
    } else if (/\.int\.spec\.ts$/.test(entry.name) || (dir.startsWith('e2e') && /\.e2e\.spec\.ts$/.test(entry.name))) {
      found.push(path);
    }
  }
  return found;
}

const root = process.cwd();
const laneCount = Number(option('lanes'));
const durationsFile = option('durations');
const out = option('out');
const durations: Record<string, number> = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
const files: TestFile[] = ['libs', 'services', 'tools', 'e2e']
  .flatMap((dir) => specFiles(root, dir))
  .sort()
  .map((path) => ({ path, seconds: durations[path] ?? UNKNOWN_FILE_SECONDS, groups: groupsOf(readFileSync(join(root, path), 'utf8')) }));

mkdirSync(out, { recursive: true });
planLanes(files, laneCount).forEach((lane, index) => {
  writeFileSync(join(out, `lane-${index + 1}.txt`), lane.files.map((file) => `${file}\n`).join(''));
  process.stderr.write(
    `lane ${index + 1}: ${lane.files.length} files, about ${Math.round(lane.seconds)} s (${relative(root, join(out, `lane-${index + 1}.txt`))})\n`,
  );
});
