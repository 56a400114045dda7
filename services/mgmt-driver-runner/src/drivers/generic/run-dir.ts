import { randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import { AppError, type HookContext, type HookOutputs } from '@vnfm/contracts';
import type { RemoteSession } from '../../ssh/remote-shell';
import type { HookPackageFiles } from '../hook-driver';

/** The files of one run on a host, under the login user's home: `<home>/.vnfm-hooks/<uuid>/`. */
export interface RunDir {
  dir: string;
  /** The hook document (mode 0600: it holds opened secrets). */
  context: string;
  /** Where the script or playbook may write its outputs (a JSON object). */
  outputs: string;
  /** Where a package file lands: `<dir>/package/<its package path>`. */
  packagePath(path: string): string;
}

/** The artifact and its dependencies, read once from the package catalog. */
export async function readPackageFiles(context: HookContext, files: HookPackageFiles): Promise<Map<string, Buffer>> {
  const read = new Map<string, Buffer>();
  for (const path of [context.artifact.path, ...context.artifact.dependencies]) {
    const parts: Buffer[] = [];
    for await (const part of files.read(path)) parts.push(part as Buffer);
    read.set(path, Buffer.concat(parts));
  }
  return read;
}

/**
 * Makes a run directory on the host, puts the package files and the hook
 * document there, runs `body`, and removes the directory whatever happened
 * (opened secrets do not stay on the host).
 */
export async function withRunDir<T>(
  session: RemoteSession,
  packageFiles: Map<string, Buffer>,
  document: unknown,
  body: (run: RunDir) => Promise<T>,
): Promise<T> {
  const home = (await session.run(['pwd'], { timeoutMs: 30_000 })).stdout.trim();
  const dir = posix.join(home, '.vnfm-hooks', randomUUID());
  const run: RunDir = {
    dir,
    context: posix.join(dir, 'hook-context.json'),
    outputs: posix.join(dir, 'outputs.json'),
    packagePath: (path) => posix.join(dir, 'package', posix.normalize(`/${path}`)),
  };
  try {
    await session.put(JSON.stringify(document, null, 2), run.context, 0o600);
    for (const [path, content] of packageFiles) await session.put(content, run.packagePath(path), 0o700);
    return await body(run);
  } finally {
    await session.run(['rm', '-rf', '--', dir], { timeoutMs: 30_000, allowFailure: true }).catch(() => undefined);
  }
}

/** What the run wrote to VNFM_HOOK_OUTPUTS: a JSON object, or nothing when it wrote no file; 422 for anything else. */
export async function readOutputs(session: RemoteSession, run: RunDir, where: string): Promise<HookOutputs | undefined> {
  const { code, stdout } = await session.run(['cat', '--', run.outputs], { timeoutMs: 30_000, allowFailure: true });
  if (code !== 0 || stdout.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    throw new AppError(
      'GENERIC_MGMT_DRIVER_OUTPUTS',
      422,
      'Unprocessable Entity',
      `${where} wrote outputs that are not JSON (VNFM_HOOK_OUTPUTS must hold one JSON object).`,
    );
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new AppError('GENERIC_MGMT_DRIVER_OUTPUTS', 422, 'Unprocessable Entity', `${where} wrote outputs that are not a JSON object.`);
  return parsed as HookOutputs;
}
