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

/** The same, with errors whose text holds a URL with a password and a bearer token, as an HTTP client's error does. */
const LEAKY_CHILD = `
const { guardProcess } = require(${JSON.stringify(join(__dirname, 'process-guards'))});
const { createLogger } = require('@vnfm/telemetry');
guardProcess(createLogger('guarded', 'error'));
void Promise.reject(new Error('GET https://vim.example/v3 via http://proxy-user:Pr0xy-Pa55@proxy.example:3128 refused'));
setTimeout(() => { throw new Error('401 for Authorization: Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ2bmZtIn0.c2lnbmF0dXJl'); }, 10);
`;

const run = (code: string) =>
  spawnSync(process.execPath, ['-r', 'ts-node/register', '-e', code], {
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: '1' },
    encoding: 'utf8',
    timeout: 50_000,
  });

describe('guardProcess: an error that escapes every handler is logged and counted, and the process goes on', () => {
  it('survives a stray rejection and a throwing timer, logging each at error and counting both', () => {
    const child = run(CHILD);
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

  it('writes neither the password of a URL nor a bearer token of an error to stdout, in any field or the message', () => {
    const child = run(LEAKY_CHILD);
    expect({ status: child.status, stderr: child.stderr }).toEqual({ status: 0, stderr: '' });
    const lines = child.stdout.trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { where: string }).where)).toEqual([
      'unhandled promise rejection',
      'uncaught exception',
    ]);
    expect(child.stdout).toContain(
      'unexpected error in unhandled promise rejection: GET https://vim.example/v3 via http://proxy-user:[REDACTED]@',
    );
    expect(child.stdout).toContain('401 for Authorization: [REDACTED]');
    expect(child.stdout).not.toContain('Pr0xy-Pa55');
    expect(child.stdout).not.toContain('eyJhbGciOiJSUzI1NiJ9');
  });
});
