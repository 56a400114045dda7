import type { ServiceName } from '@vnfm/contracts';
import type { StepCommand } from './lcm-steps';
import type { VnfcResourceInfo } from './sol003.types';

/**
 * The step protocol between the coordinator and the services that act
 * (openstack-driver, kubernetes-driver, mgmt-driver-runner):
 *
 * 1. The coordinator sends `<service>.runStep` (RunStepMessage, keyed by the
 *    VNF instance id). The service records that it accepted the step and
 *    replies `{ accepted: true }` at once: steps may take an hour.
 * 2. When the step ends, the service sends `lcm-coordinator.recordStepResult`
 *    (RecordStepResultMessage) with the outcome.
 *
 * `stepId` is the idempotency key: a service that receives a stepId it has
 * finished sends the recorded outcome again instead of acting twice; one it is
 * still running is not started a second time. The coordinator's own timeout
 * (the step's `timeoutMs`) covers a result that never comes.
 */
export const runStepMessageType = (service: ServiceName) => `${service}.runStep`;

export interface RunStepMessage extends StepCommand {
  /** The VNFD whose package holds the templates (BaseHOT, manifests). */
  vnfdId: string;
  /** The instance's deployment flavour once instantiated (the instantiate action names it otherwise). */
  flavourId?: string;
  /** The instance's VNFCs when the step was sent: a driver tells new resources from known ones by diffing against these. */
  vnfcResourceInfo: VnfcResourceInfo[];
}

export interface RunStepReply {
  accepted: true;
}
