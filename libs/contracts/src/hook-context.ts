import type { VimConnectionRef, VnfcResourceInfo } from './sol003-resources';
import type { RunStepMessage } from './step-protocol';

/**
 * The artifact the VNFD names for one Vnflcm hook (SOL001 v2.6.1 §6.7.1:
 * the operation's `implementation` and the VNF node's artifact of that name).
 * Its files are read from the package catalog by `path`, in chunks
 * (`package-catalog.readArtifact`), so binary artifacts of any size pass.
 */
export interface HookArtifact {
  /** The artifact's name in the VNFD (the operation's `implementation`). */
  name: string;
  /** Its TOSCA type, e.g. `tosca.artifacts.Implementation.Python`. */
  type?: string;
  /** Package path of the implementation file. */
  path: string;
  /** Package paths of its dependencies, in the VNFD's order. */
  dependencies: string[];
  /** The Vnflcm interface's and the operation's `inputs.additional_parameters`. */
  additionalParameters: Record<string, unknown>;
  /** The package holding it. */
  vnfdId: string;
}

/**
 * What the instance was instantiated with, as the instance keeps it: a hook of
 * any later operation (a scale's `scale_end` adding a worker) needs the
 * instantiate request's parameters (SOL 003 §5.5.2.4 InstantiateVnfRequest).
 */
interface HookInstantiation {
  flavourId: string;
  instantiationLevelId?: string;
  additionalParams?: Record<string, unknown>;
  extVirtualLinks?: unknown[];
}

/** The VNFCs a hook acts on, each a SOL 003 VnfcResourceInfo with its CPs' addresses (vnfcCpInfo[].cpProtocolInfo). */
interface HookVnfcs {
  /** About to be removed: a scale-in's, a heal's or a termination's (at `<op>_start`). */
  removing: VnfcResourceInfo[];
  /** Just made by the operation's infra step (at `<op>_end`): a scale-out's new members, a heal's replacements, all of an instantiation. */
  added: VnfcResourceInfo[];
  /** Every VNFC of the instance as the hook is sent. */
  current: VnfcResourceInfo[];
}

/**
 * Everything a MgmtDriver gets for one `<op>_start` / `<op>_end` hook, built
 * by the coordinator when it sends the hook step (after the steps before it
 * have reported), never at plan time. It holds references and parameters as
 * the instance keeps them (secrets sealed or redacted); the VIM credentials
 * are resolved by the runner from the VIM registry and never travel here.
 */
export interface HookContext {
  /** `instantiate_end`, `scale_start`, ... */
  hook: string;
  /** SOL 003 LcmOperationType of the occurrence: INSTANTIATE, SCALE, HEAL, TERMINATE, CHANGE_EXT_CONN, ... */
  operation: string;
  vnfLcmOpOccId: string;
  vnfInstanceId: string;
  vnfdId: string;
  /** The operation's request as the occurrence keeps it: scale type, aspect and steps; heal's vnfcInstanceId and cause; terminationType; ... */
  operationParams: Record<string, unknown>;
  /** Absent before the instance is instantiated (an `instantiate_start` has the request in operationParams). */
  instantiation?: HookInstantiation;
  vnfcs: HookVnfcs;
  /** What earlier hooks of the instance returned (`metadata.mgmtDriverOutputs`), secrets sealed: open them with root `/metadata/mgmtDriverOutputs`. */
  earlierOutputs: HookOutputs;
  artifact: HookArtifact;
  /** The instance's VIMs by reference, as the registry resolves them. */
  vimConnectionInfo: Record<string, VimConnectionRef>;
}

/** The runStep message of a hook step: the step protocol's, with the hook's context. */
export interface HookStepMessage extends RunStepMessage {
  request: { action: 'hook'; hook: string };
  hookContext: HookContext;
}

/**
 * What a hook may hand back (StepResult.output): values the instance records
 * under `metadata.mgmtDriverOutputs` (e.g. the id of a VIM the driver
 * registered, a cluster's API endpoint); the coordinator seals their secrets.
 */
export type HookOutputs = Record<string, unknown>;

/** `mgmt-driver-runner.supportedHooks`: which of these hook artifacts a MgmtDriver of the runner can run. */
export const SUPPORTED_HOOKS = 'mgmt-driver-runner.supportedHooks';

export interface SupportedHooksRequest {
  artifacts: { hook: string; artifact: Omit<HookArtifact, 'vnfdId'> & { vnfdId?: string } }[];
  /**
   * The additionalParams the operation's hooks will read (the instantiation's
   * with the request's top-level keys winning), secrets sealed: a driver may
   * refuse them before the operation starts, checking a sealed member's presence only.
   */
  additionalParams?: Record<string, unknown>;
}

export interface SupportedHooksReply {
  /** One entry per asked artifact, in order: the driver that runs it, or why none does; `refused`: the driver's 422 for the request's parameters. */
  answers: { hook: string; driver?: string; reason?: string; refused?: { code: string; detail: string } }[];
  /** Names of the MgmtDrivers the runner has. */
  drivers: string[];
}

/**
 * `lcm-coordinator.sealHookOutputs`: asked by the runner before it reports a
 * hook's outputs, so its own step record and the result message hold them
 * sealed (under the instance's data key, at `/metadata/mgmtDriverOutputs/...`).
 * Only the running hook step of the instance may ask.
 */
export const SEAL_HOOK_OUTPUTS = 'lcm-coordinator.sealHookOutputs';

export interface SealHookOutputsRequest {
  vnfInstanceId: string;
  stepId: string;
  outputs: HookOutputs;
}

export interface SealHookOutputsReply {
  outputs: HookOutputs;
}
