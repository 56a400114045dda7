import { containsSealedMarker } from '@vnfm/util';

/**
 * Asked of the lcm-coordinator by the step that needs its request's secrets
 * (a MgmtDriver hook, a driver): the coordinator opens them with the VNF
 * instance's data key only while `stepId` is the running step of an operation
 * of that instance. The reply travels sealed with the bus key like every payload.
 */
export const OPEN_STEP_SECRETS = 'lcm-coordinator.openStepSecrets';

/** Which step asks, and where `value` sits in the LCM request body it came from (see ADDITIONAL_PARAMS_ROOT below). */
export interface StepSecretsRef {
  vnfInstanceId: string;
  stepId: string;
  /** JSON Pointer of `value` in the request body: `/additionalParams` for a request's additionalParams, '' (default) for the whole body. */
  root?: string;
}

export interface OpenStepSecretsMessage extends StepSecretsRef {
  value: unknown;
}

export interface OpenStepSecretsReply {
  value: unknown;
}

/** The part of a bus a step host has (the message bus of @vnfm/messaging is one). */
export interface RequestingBus {
  request<T>(type: string, payload: unknown, options?: { key?: string }): Promise<T>;
}

/** `value` with each sealed marker opened, in memory, for the running step `ref.stepId`; a value without markers is returned as it is. */
export async function openStepSecrets<T>(bus: RequestingBus, ref: StepSecretsRef, value: T): Promise<T> {
  if (!containsSealedMarker(value)) return value;
  const message: OpenStepSecretsMessage = { ...ref, value };
  const reply = await bus.request<OpenStepSecretsReply>(OPEN_STEP_SECRETS, message, { key: ref.vnfInstanceId });
  return reply.value as T;
}

/** Where a request's additionalParams sit in its body: the root a step gives when it opens them (StepCommand.additionalParams, HookContext.instantiation.additionalParams). */
export const ADDITIONAL_PARAMS_ROOT = '/additionalParams';

/**
 * A step host's opener (`STEP_SECRETS` of @vnfm/step-host): opens a value
 * given as a request's additionalParams, or at `root`, for the step at hand.
 */
export const stepSecretsOpener =
  (bus: RequestingBus, root = ADDITIONAL_PARAMS_ROOT) =>
  <T>(value: T, step: { vnfInstanceId: string; stepId: string }): Promise<T> =>
    openStepSecrets(bus, { vnfInstanceId: step.vnfInstanceId, stepId: step.stepId, root }, value);
