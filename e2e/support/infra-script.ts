import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const REPO_ROOT = join(__dirname, '..', '..');

/**
 * Runs one of the idempotent `tools/<x>/<x>.sh up` scripts and returns the
 * KEY=VALUE pairs of its last output line.
 */
export async function infraUp(script: string, timeoutMs = 15 * 60_000): Promise<Record<string, string>> {
  const { stdout } = await run('bash', [join(REPO_ROOT, script), 'up'], {
    cwd: REPO_ROOT,
    timeout: timeoutMs,
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = stdout.trim().split('\n').pop() ?? '';
  return Object.fromEntries(
    last
      .split(/\s+/)
      .filter((pair) => pair.includes('='))
      .map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
}
