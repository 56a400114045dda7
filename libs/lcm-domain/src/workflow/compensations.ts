import { type StepAction, type StepActionName } from '@vnfm/contracts';
import type { PlannedStep } from './lcm-steps';
import { INFRA_STEP_TIMEOUT_MS, RESUMABLE } from '../planning/step-targets';
import { latestAttempts, type StepRecord, type VnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.state';

/** What undoes a step: another step, nothing (nothing to undo), or impossible (with the reason). */
type Compensation = { kind: 'step'; request: StepAction } | { kind: 'none' } | { kind: 'impossible'; reason: string };

const impossible = (reason: string): Compensation => ({ kind: 'impossible', reason });

/**
 * Every forward action's compensating twin. The compensation is built from
 * the recorded result when there is one; a step that failed may still have
 * left resources, so it is compensated too (the drivers' undo is
 * create-or-update towards the earlier state, which tolerates half-done work).
 */
const COMPENSATIONS: { [A in StepActionName]: (request: Extract<StepAction, { action: A }>, record: StepRecord) => Compensation } = {
  // SOL 001 v2.6.1 declares no rollback hooks: what a hook configured goes with the resources.
  hook: () => ({ kind: 'none' }),
  instantiate: (_request, record) => ({
    kind: 'step',
    request: { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: addedBy(record) },
  }),
  scale: (request, record) =>
    request.removeVnfcs.length > 0
      ? impossible('a scale-in removed VNFCs, which cannot be brought back')
      : {
          kind: 'step',
          request: {
            action: 'scale',
            vduDelta: Object.fromEntries(Object.entries(request.vduDelta).map(([vduId, n]) => [vduId, -n])),
            removeVnfcs: addedBy(record),
            previousScaleStatus: request.targetScaleStatus,
            targetScaleStatus: request.previousScaleStatus,
          },
        },
  heal: () => impossible('a heal cannot be undone'),
  terminate: () => impossible('a termination cannot be undone'),
  change_ext_conn: () => impossible('the earlier external connectivity is not recorded'),
  // Back to the package the VNF ran before, deployed as it was (its VDU counts and additionalParams).
  change_vnfpkg: (request) => ({ kind: 'step', request: { ...request, target: request.previous, previous: request.target } }),
};

function compensationOf(record: StepRecord): Compensation {
  const compensate = COMPENSATIONS[record.step.request.action] as (request: StepAction, record: StepRecord) => Compensation;
  return compensate(record.step.request, record);
}

const addedBy = (record: StepRecord) => (record.outcome?.status === 'SUCCEEDED' ? (record.outcome.result.vnfcsAdded ?? []) : []);

/** Forward steps that ran and are not undone yet, last first: the saga's compensation stack. */
function toUndo(opOcc: VnfLcmOpOcc): StepRecord[] {
  const undone = latestAttempts(opOcc, 'compensation');
  return [...latestAttempts(opOcc, 'forward').values()]
    .filter((record) => undone.get(record.index)?.outcome?.status !== 'SUCCEEDED')
    .sort((a, b) => b.index - a.index);
}

/** Why the occurrence cannot be rolled back, or undefined when it can. */
export function rollbackBlocker(opOcc: VnfLcmOpOcc): string | undefined {
  for (const record of toUndo(opOcc)) {
    const compensation = compensationOf(record);
    if (compensation.kind === 'impossible') return compensation.reason;
  }
  return undefined;
}

/** The compensation steps still to run, in the order to run them (reverse of the forward order). */
export function compensationSteps(opOcc: VnfLcmOpOcc): { index: number; step: PlannedStep }[] {
  return toUndo(opOcc).flatMap((record) => {
    const compensation = compensationOf(record);
    if (compensation.kind !== 'step') return [];
    const step: PlannedStep = {
      name: `${record.step.name}_rollback`,
      target: record.step.target,
      request: compensation.request,
      resumable: RESUMABLE[compensation.request.action],
      timeoutMs: INFRA_STEP_TIMEOUT_MS,
      vimConnectionInfo: record.step.vimConnectionInfo,
    };
    return [{ index: record.index, step }];
  });
}

/**
 * What `fail` of an occurrence still undoes before the instance is released:
 * an instantiation that ends FAILED leaves the instance NOT_INSTANTIATED, so
 * whatever its infra step made in the VIM (a Heat stack, half-built) would be
 * known to nobody; its compensation (a forceful termination) runs once. Other
 * operations leave their resources with the instance, which still knows them.
 */
export function cleanupSteps(opOcc: VnfLcmOpOcc): { index: number; step: PlannedStep }[] {
  if (opOcc.operation !== 'INSTANTIATE') return [];
  const attempted = latestAttempts(opOcc, 'compensation');
  return compensationSteps(opOcc).filter(({ index }) => !attempted.has(index));
}
