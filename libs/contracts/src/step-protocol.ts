import type { ProblemDetails } from './problem-details';
import type { ServiceName } from './services';
import type { NetworkResources, ScaleInfo, VimConnectionRef, VnfcResourceInfo, VnfExtCpInfo } from './sol003-resources';

/**
 * The step protocol between the coordinator and the services that act
 * (openstack-driver, kubernetes-driver, mgmt-driver-runner); docs/steps.md
 * tells it whole:
 *
 * 1. The coordinator sends `<service>.runStep` (RunStepMessage, keyed by the
 *    VNF instance id). The service records that it accepted the step and
 *    replies `{ accepted: true }` at once: steps may take an hour.
 * 2. When the step ends, the service sends `lcm-coordinator.recordStepResult`
 *    (RecordStepResultMessage) with the outcome, under one message id until
 *    it is answered.
 * 3. When the coordinator stops waiting for a step (its timeout, or the
 *    coordinator restarted during a step not safe to resend, then retry,
 *    rollback or fail), it sends `<service>.abandonStep`: the service stops
 *    the step and reports nothing for it.
 *
 * `stepId` is the idempotency key: a service that receives a stepId it has
 * finished sends the recorded outcome again instead of acting twice; one it is
 * still running is not started a second time.
 */

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
  | {
      action: 'scale';
      vduDelta: Record<string, number>;
      removeVnfcs: VnfcResourceInfo[];
      previousScaleStatus: ScaleInfo[];
      targetScaleStatus: ScaleInfo[];
    }
  | { action: 'heal'; vnfcs: VnfcResourceInfo[]; cause?: string }
  | { action: 'terminate'; terminationType: 'FORCEFUL' | 'GRACEFUL'; gracefulTerminationTimeout?: number; vnfcs: VnfcResourceInfo[] }
  | { action: 'change_ext_conn'; extVirtualLinks: unknown[]; vimConnectionInfo?: Record<string, VimConnectionRef> }
  | {
      action: 'change_vnfpkg';
      flavourId: string;
      /** The package the VNF moves to, as it is to be deployed. */
      target: PackageDeployment;
      /** The package it runs now: what a rollback goes back to (the compensation swaps the two). */
      previous: PackageDeployment;
      extVirtualLinks?: unknown[];
      extManagedVirtualLinks?: unknown[];
    };

/**
 * One VNF package as a change of current package deploys it (SOL 003 v3.3.1
 * §5.4.11a): its VNFD, the VNFCs per VDU at the instance's scale levels, and
 * the additionalParams the deployment is built with (the instantiation's,
 * with the change request's top-level keys winning; secrets sealed, opened by
 * the step under `/additionalParams`).
 */
interface PackageDeployment {
  vnfdId: string;
  vduCounts: Record<string, number>;
  additionalParams?: Record<string, unknown>;
}

export type StepActionName = StepAction['action'];

/** A driver's answer to a step: what it created or removed. */
export interface StepResult {
  vnfcsAdded?: VnfcResourceInfo[];
  vnfcIdsRemoved?: string[];
  extCpInfo?: VnfExtCpInfo[];
  /** The whole deployment's network after the step, from drivers that read it. */
  network?: NetworkResources;
  output?: Record<string, unknown>;
}

/** The command a target service receives for one step. */
export interface StepCommand {
  stepId: string;
  vnfLcmOpOccId: string;
  vnfInstanceId: string;
  name: string;
  attempt: number;
  request: StepAction;
  /** How long the step may take, from its acceptance; the coordinator gives up on it after this (FAILED_TEMP). */
  timeoutMs: number;
  vimConnectionInfo: Record<string, VimConnectionRef>;
  additionalParams?: Record<string, unknown>;
}

export const runStepMessageType = (service: ServiceName) => `${service}.runStep`;

export interface RunStepMessage extends StepCommand {
  /** The VNFD whose package holds the templates (BaseHOT, manifests). */
  vnfdId: string;
  /** The instance's deployment flavour once instantiated (the instantiate action names it otherwise). */
  flavourId?: string;
  /** The instance's VNFCs when the step was sent: a driver tells new resources from known ones by diffing against these. */
  vnfcResourceInfo: VnfcResourceInfo[];
  /**
   * The instance's tenant, when it has one: the step runs confined to it, so
   * the VIMs and the package it reads can only be that tenant's (docs/auth.md, Tenants).
   */
  tenant?: string;
}

export interface RunStepReply {
  accepted: true;
}

/** How a step ended, as its target reports it. */
export type StepOutcome = { status: 'SUCCEEDED'; result: StepResult } | { status: 'FAILED'; error: ProblemDetails };

/** The coordinator's command a target sends when a step it accepted has ended. */
export const RECORD_STEP_RESULT = 'lcm-coordinator.recordStepResult';

/** Sent by a driver (or the hook runner) when a step it accepted has ended. */
export interface RecordStepResultMessage {
  vnfLcmOpOccId: string;
  stepId: string;
  outcome: StepOutcome;
}

export const abandonStepMessageType = (service: ServiceName) => `${service}.abandonStep`;

/** The coordinator no longer waits for this step: stop it, report nothing. */
export interface AbandonStepMessage {
  stepId: string;
  vnfInstanceId: string;
  /** Why, for the target's record and logs (e.g. `Step instantiate got no answer within 3600 s.`). */
  reason: string;
}

export interface AbandonStepReply {
  /** False when the target never accepted the step (nothing to stop). */
  known: boolean;
}
