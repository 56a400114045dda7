import type { ServiceName } from '@vnfm/contracts';
import type { NetworkResources, ScaleInfo, VimConnectionRef, VnfcResourceInfo, VnfExtCpInfo } from './sol003.types';

/** What a step asks its target to do; infra actions are the same for every VIM type, the driver differs. */
export type StepAction =
  | { action: 'hook'; hook: string }
  | {
      action: 'instantiate';
      flavourId: string;
      instantiationLevelId?: string;
      vduCounts: Record<string, number>;
      targetScaleStatus: ScaleInfo[];
      vimConnectionInfo: Record<string, VimConnectionRef>;
      extVirtualLinks?: unknown[];
      extManagedVirtualLinks?: unknown[];
      extensions?: Record<string, unknown>;
      vnfConfigurableProperties?: Record<string, unknown>;
    }
  | { action: 'scale'; vduDelta: Record<string, number>; removeVnfcs: VnfcResourceInfo[]; previousScaleStatus: ScaleInfo[]; targetScaleStatus: ScaleInfo[] }
  | { action: 'heal'; vnfcs: VnfcResourceInfo[]; cause?: string }
  | { action: 'terminate'; terminationType: 'FORCEFUL' | 'GRACEFUL'; gracefulTerminationTimeout?: number; vnfcs: VnfcResourceInfo[] }
  | { action: 'change_ext_conn'; extVirtualLinks: unknown[]; vimConnectionInfo?: Record<string, VimConnectionRef> };

export type StepActionName = StepAction['action'];

/** One step of an operation's plan, decided when the operation starts and kept in its first event. */
export interface PlannedStep {
  /** `instantiate_start`, `instantiate`, `instantiate_end`, ... */
  name: string;
  target: ServiceName;
  request: StepAction;
  /** Whether re-sending after a coordinator crash is safe (see RESUMABLE in step-targets.ts). */
  resumable: boolean;
  timeoutMs: number;
  /** The instance's VIMs by reference; the driver fetches credentials from the VIM registry. */
  vimConnectionInfo: Record<string, VimConnectionRef>;
}

/** A driver's answer to a step: what it created or removed. */
export interface StepResult {
  vnfcsAdded?: VnfcResourceInfo[];
  vnfcIdsRemoved?: string[];
  extCpInfo?: VnfExtCpInfo[];
  /** The whole deployment's network after the step, from drivers that read it. */
  network?: NetworkResources;
  output?: Record<string, unknown>;
}

/** Forward steps run the plan; compensation steps undo forward step `index` during rollback. */
export type StepPhase = 'forward' | 'compensation';

/**
 * The idempotency key of one attempt of one step: a driver that sees a key
 * again returns the outcome it recorded instead of acting twice.
 */
export const stepIdOf = (vnfLcmOpOccId: string, phase: StepPhase, index: number, attempt: number) =>
  `${vnfLcmOpOccId}:${phase === 'forward' ? '' : 'rollback-'}${index}:${attempt}`;

/** The command a target service receives for one step. */
export interface StepCommand {
  stepId: string;
  vnfLcmOpOccId: string;
  vnfInstanceId: string;
  name: string;
  attempt: number;
  request: StepAction;
  /** How long the step may take; the coordinator gives up on it after this (FAILED_TEMP). */
  timeoutMs: number;
  vimConnectionInfo: Record<string, VimConnectionRef>;
  additionalParams?: Record<string, unknown>;
}
