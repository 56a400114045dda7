import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

jest.setTimeout(60_000);

/** A process that guards itself, then lets a promise reject with nobody awaiting it and a timer throw. */
const CHILD = `
const { guardProcess } = require(${JSON.stringify(join(__dirname, 'process-guards'))});
const { createLogger, unexpectedErrorCount } = require('@vnfm/telemetry');
guardProcess(createLogger('guarded', 'error'));
void Promise.reject(new Error('a bus request timer rejected with nobody awaiting'));
setTimeout(() => { throw new Error('thrown in a timer callback'); }, 10);
setTimeout(() => console.log(JSON.stringify({ alive: true, unexpectedErrors: unexpectedErrorCount() })), 200);
`;

describe('guardProcess: an error that escapes every handler is logged and counted, and the process goes on', () => {
  it('survives a stray rejection and a throwing timer, logging each at error and counting both', () => {
    const child = spawnSync(process.execPath, ['-r', 'ts-node/register', '-e', CHILD], {
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: '1' },
      encoding: 'utf8',
      timeout: 50_000,
    });
    expect({ status: child.status, stderr: child.stderr }).toEqual({ status: 0, stderr: '' });
    const lines = child.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual({ alive: true, unexpectedErrors: 2 });
    expect(lines.filter((line) => line.level === 'error').map((line) => line.where)).toEqual([
      'unhandled promise rejection',
      'uncaught exception',
    ]);
  });
});
