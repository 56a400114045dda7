import { randomUUID } from 'node:crypto';
import type { RecordStepResultMessage, RunStepMessage, StepAction, StepResult, VimConnectionRef, VnfcResourceInfo } from '@vnfm/contracts';
import { tackerRequestBody } from '@vnfm/openstack-heat/testing';

const instantiateBody = tackerRequestBody('os-v2-instantiate-max');
/** VDU2's two pre-made ports of the max sample, which the generated request body leaves out of its extVirtualLinks. */
const additionalParams = { nfv: { CP: { 'VDU2_CP1-1': { port: 'port-vdu2-cp1-1' }, 'VDU2_CP1-2': { port: 'port-vdu2-cp1-2' } } } };

type InstantiateAction = Extract<StepAction, { action: 'instantiate' }>;

/** The steps a coordinator sends for Tacker's vnf-v2-basic-lcms-max (flavour simple) on one OpenStack VIM. */
export class BasicVnfSteps {
  constructor(
    readonly vims: Record<string, VimConnectionRef>,
    readonly vnfdId: string,
  ) {}

  /** A first attempt of a step; `known` is the instance's VNFCs when it is sent. */
  step(vnfInstanceId: string, request: StepAction, known: VnfcResourceInfo[] = []): RunStepMessage {
    const vnfLcmOpOccId = randomUUID();
    return {
      stepId: `${vnfLcmOpOccId}:1:1`,
      vnfLcmOpOccId,
      vnfInstanceId,
      name: request.action,
      attempt: 1,
      request,
      timeoutMs: 60_000,
      vimConnectionInfo: this.vims,
      additionalParams,
      vnfdId: this.vnfdId,
      flavourId: 'simple',
      vnfcResourceInfo: known,
    };
  }

  /** The max sample's instantiation (external and externally managed VLs) at one VNFC per VDU. */
  instantiate(overrides: Partial<InstantiateAction> = {}): InstantiateAction {
    return {
      action: 'instantiate',
      flavourId: 'simple',
      vduCounts: { VDU1: 1, VDU2: 1 },
      targetScaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 0 }],
      vimConnectionInfo: this.vims,
      extVirtualLinks: instantiateBody['extVirtualLinks'] as unknown[],
      extManagedVirtualLinks: instantiateBody['extManagedVirtualLinks'] as unknown[],
      ...overrides,
    };
  }
}

export function succeeded(outcome: RecordStepResultMessage['outcome']): StepResult {
  if (outcome.status !== 'SUCCEEDED') throw new Error(`step failed: ${outcome.error.detail}`);
  return outcome.result;
}

export const sortedIds = (vnfcs: readonly { id: string }[] | undefined): string[] => (vnfcs ?? []).map((vnfc) => vnfc.id).sort();
