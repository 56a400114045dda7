import type { Readable } from 'node:stream';
import type { HookArtifact, HookContext, HookOutputs } from '@vnfm/contracts';
import { posix } from 'node:path';
import type { ServiceRuntime } from '@vnfm/platform';
import type { VimConnectionInfo } from '@vnfm/vim-domain';
import type { RemoteShell } from '../ssh/remote-shell';

/** What a built-in MgmtDriver is made with: the SSH client and the runner's runtime (store, bus, logger, config). */
export interface DriverDeps {
  shell: RemoteShell;
  runtime: ServiceRuntime;
}

/** The hook's `additional_parameters` key that names a built-in MgmtDriver explicitly. */
export const DRIVER_PARAMETER = 'vnfm_mgmt_driver';

/**
 * Whether a hook's artifact is for the driver `name`: named by the hook
 * (`vnfm_mgmt_driver: <name>`), or, when the hook names no driver, the file
 * Tacker's sample package names for its hooks (`sampleFile`, if the driver has one).
 */
export function artifactIsFor(artifact: Pick<HookArtifact, 'path' | 'additionalParameters'>, name: string, sampleFile?: string): boolean {
  const named = artifact.additionalParameters?.[DRIVER_PARAMETER];
  if (named !== undefined) return named === name;
  return sampleFile !== undefined && posix.basename(artifact.path) === sampleFile;
}

/** What only the running hook may see: never recorded, logged or returned. */
export interface HookSecrets {
  /** The instance's VIMs as the VIM registry resolves them (interfaceInfo, accessInfo with credentials, extra), by the instance's vimConnectionInfo keys. */
  vimConnectionInfo: Record<string, VimConnectionInfo>;
  /**
   * A value of the context with its sealed request secrets opened, in memory,
   * while this hook runs; `root` is where the value sits in its request body
   * (`/additionalParams` for `instantiation.additionalParams` or the
   * operation's `additionalParams`, '' for the whole `operationParams`).
   */
  open<T>(value: T, root?: string): Promise<T>;
}

/** The files of the hook's package: any file by path, streamed in chunks from the package catalog (binary images included). */
export interface HookPackageFiles {
  read(path: string): Readable;
}

/**
 * A MgmtDriver (Tacker's name for what runs a Vnflcm hook's artifact): the
 * runner picks the first whose `matches` takes the artifact the VNFD names
 * for the hook, and runs it with the hook's context. It returns the outputs
 * the instance records (metadata.mgmtDriverOutputs), which must hold no
 * secrets; it stops when `signal` fires (deadline, abandonment, shutdown).
 */
export interface HookDriver {
  name: string;
  matches(artifact: HookArtifact): boolean;
  run(context: HookContext, signal: AbortSignal, secrets: HookSecrets, files: HookPackageFiles): Promise<HookOutputs | undefined>;
  /**
   * Whether a run of this hook cut off midway (its runner replica died or
   * stopped past its grace) may run again from the start on a peer: the
   * driver's work converges. Without it (or false) the hook fails as
   * interrupted and the operation waits in FAILED_TEMP for a person.
   */
  rerunnable?(context: HookContext): boolean;
  /**
   * Asked before the operation starts with the additionalParams its hooks
   * will read (secrets sealed: a sealed member's presence only can be
   * checked): throws (or rejects with) the 422 AppError refusing them;
   * nothing is contacted but the resolver, for the addresses of URLs.
   */
  checkParams?(hook: string, additionalParams: Record<string, unknown>): void | Promise<void>;
}

/** The runner's MgmtDrivers (a provider of HookDriver[]). */
export const HOOK_DRIVERS = Symbol('HOOK_DRIVERS');
