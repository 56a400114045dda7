import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './infra-script';

export interface ProductProcess {
  child: ChildProcess;
  /** Every stdout/stderr line so far. */
  lines: string[];
  /** Resolves with the first line matching, or rejects after the timeout. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
}

/** Starts a compiled product entry point (`npm run build` first) or a script, capturing its output lines. */
export function startProduct(command: string, args: string[], env: Record<string, string>): ProductProcess {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  const collector = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
      listeners.forEach((l) => l());
    };
  };
  child.stdout?.on('data', collector());
  child.stderr?.on('data', collector());
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    waitForLine(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find((line) => pattern.test(line));
          if (!found) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; output:\n${lines.slice(-40).join('\n')}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}

export const entryPoint = (service: string) => join(REPO_ROOT, 'dist/services', service, 'src/main.js');

/** Polls GET url until it answers 200 (or the timeout). */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return response;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not healthy within ${timeoutMs} ms: ${last}`);
}

/** Kills a detached process and its group. */
export async function killGroup(process: ProductProcess, signal: NodeJS.Signals): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  try {
    globalThis.process.kill(-(process.child.pid as number), signal);
  } catch {
    // already gone
  }
  await process.exited;
}
