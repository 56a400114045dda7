/** DI token of the service's StepHandlers. */
export const STEP_HANDLERS = Symbol('STEP_HANDLERS');
/** DI token of the service's SecretsOpener (optional: the default refuses sealed values). */
export const STEP_SECRETS = Symbol('STEP_SECRETS');
/** DI token of the host's own settings (StepHostSettings). */
export const STEP_HOST_SETTINGS = Symbol('STEP_HOST_SETTINGS');

export interface StepHostSettings {
  /**
   * What a start does with a step it accepted and never ended: run it again
   * (handlers that converge, like the infra drivers'), or fail it as
   * interrupted (work not safe to repeat unattended, like a hook's script).
   */
  resume: 'run' | 'fail';
}
