import type { RunStepMessage } from '@vnfm/contracts';

/** DI token of the service's StepHandlers. */
export const STEP_HANDLERS = Symbol('STEP_HANDLERS');
/** DI token of the service's SecretsOpener (optional: the default refuses sealed values). */
export const STEP_SECRETS = Symbol('STEP_SECRETS');
/** DI token of the service's resumption policy (StepHostSettings['resume']). */
export const STEP_RESUMPTION = Symbol('STEP_RESUMPTION');
/** DI token of the host's own settings (StepHostSettings). */
export const STEP_HOST_SETTINGS = Symbol('STEP_HOST_SETTINGS');

/** What becomes of a step accepted and never ended when no live replica runs it any more: run again, or failed as interrupted. */
export type Resumption = 'run' | 'fail';

export interface StepHostSettings {
  /**
   * Decided per step: run it again (handlers that converge, like the infra
   * drivers'), or fail it as interrupted (work not safe to repeat
   * unattended, like most hooks' scripts).
   */
  resume(message: RunStepMessage): Resumption;
}
