import type { ServiceName, StepAction, VimConnectionRef } from '@vnfm/contracts';

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

/** Forward steps run the plan; compensation steps undo forward step `index` during rollback. */
export type StepPhase = 'forward' | 'compensation';

/**
 * The idempotency key of one attempt of one step: a driver that sees a key
 * again returns the outcome it recorded instead of acting twice.
 */
export const stepIdOf = (vnfLcmOpOccId: string, phase: StepPhase, index: number, attempt: number) =>
  `${vnfLcmOpOccId}:${phase === 'forward' ? '' : 'rollback-'}${index}:${attempt}`;
