import { type ProblemDetails } from '@vnfm/contracts';
import { cleanupSteps, compensationSteps } from './compensations';
import type { LcmWorkflowInput, LcmWorkflowOutput, LcmWorkflowReaction, LcmWorkflowState } from './lcm-workflow.types';
import { stepIdOf, type PlannedStep, type StepPhase } from './lcm-steps';
import { hookOutputChanges, hookOutputRefusal } from '../hooks/hook-outputs';
import { hasChanges, instanceChangesOf } from './step-effects';
import type { VnfInstanceCommand } from '../vnf-instance/vnf-instance.commands';
import type { VnfLcmOpOccCommand } from '../op-occ/vnf-lcm-op-occ.commands';
import { cancelledError, decideVnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.decider';
import type { VnfLcmOpOccEvent } from '../op-occ/vnf-lcm-op-occ.events';
import { evolveVnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.evolve';
import { latestAttempts, nextForwardIndex, pendingStep, type VnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.state';
import type { ChangeCurrentVnfPkgRequest, VnfInfoModificationRequest } from '../sol003/lcm-requests.types';

/** Collects what one reaction decides; the occurrence is evolved as its events are decided. */
class Reaction {
  private readonly opOccEvents: VnfLcmOpOccEvent[] = [];
  private readonly instance: VnfInstanceCommand[] = [];
  private readonly after: LcmWorkflowOutput[] = [];

  constructor(
    public opOcc: VnfLcmOpOcc,
    readonly now: string,
  ) {}

  decide(command: VnfLcmOpOccCommand): void {
    const events = decideVnfLcmOpOcc(command, this.opOcc, this.opOcc.id);
    this.opOccEvents.push(...events);
    this.opOcc = events.reduce<VnfLcmOpOcc>((s, e) => evolveVnfLcmOpOcc(s, e) ?? s, this.opOcc);
  }

  toInstance(command: VnfInstanceCommand): void {
    this.instance.push(command);
  }

  then(output: LcmWorkflowOutput): void {
    this.after.push(output);
  }

  result(): LcmWorkflowReaction {
    const outputs: LcmWorkflowOutput[] = [
      ...this.instance.map((command): LcmWorkflowOutput => ({ kind: 'append', stream: 'vnfInstance', command })),
      ...(this.opOccEvents.length > 0 ? [{ kind: 'append', stream: 'vnfLcmOpOcc', events: this.opOccEvents } as const] : []),
      ...this.after,
    ];
    return { state: { opOcc: this.opOcc }, outputs };
  }
}

/** Pure process manager of one LCM operation occurrence: `react(state, input) -> { state, outputs }`. */
export function react(state: LcmWorkflowState, input: LcmWorkflowInput): LcmWorkflowReaction {
  if (input.type === 'VnfLcmOpOccStarted') {
    const opOcc = evolveVnfLcmOpOcc(undefined, input);
    return state.opOcc || !opOcc ? ignore(state, 'the occurrence has started already') : advance(new Reaction(opOcc, input.data.at));
  }
  const opOcc = state.opOcc;
  if (!opOcc) return ignore(state, `no operation occurrence for ${input.type}`);
  switch (input.type) {
    case 'VnfLcmOpOccRetried':
    case 'VnfLcmOpOccRollbackStarted':
    case 'VnfLcmOpOccFailed': {
      const reaction = new Reaction(evolveVnfLcmOpOcc(opOcc, input) ?? opOcc, input.data.at);
      if (input.type !== 'VnfLcmOpOccFailed') recordState(reaction);
      return advance(reaction);
    }
    case 'StepSucceeded': {
      const record = pendingStep(opOcc);
      if (record?.stepId !== input.data.stepId) return ignore(state, `step ${input.data.stepId} is not awaited`);
      const reaction = new Reaction(opOcc, input.data.now);
      const refusal = hookOutputRefusal(record.step, input.data.result);
      if (refusal) return failStep(reaction, record.stepId, refusal);
      const changes = {
        ...instanceChangesOf(record.step.request, input.data.result),
        ...hookOutputChanges(record.step, input.data.result),
      };
      if (hasChanges(changes))
        reaction.toInstance({
          type: 'ApplyVnfOperationResult',
          data: { vnfLcmOpOccId: opOcc.id, stepId: record.stepId, changes, now: reaction.now },
        });
      reaction.decide({ type: 'RecordLcmStepSuccess', data: { stepId: record.stepId, result: input.data.result, now: reaction.now } });
      return advance(reaction);
    }
    case 'VnfLcmOpOccCancelRequested': {
      // FORCEFUL stops the running step now (its service is told to abandon it); GRACEFUL lets it end and starts nothing after it.
      const reaction = new Reaction(evolveVnfLcmOpOcc(opOcc, input) ?? opOcc, input.data.at);
      const pending = pendingStep(reaction.opOcc);
      if (pending && input.data.cancelMode === 'FORCEFUL')
        return failStep(reaction, pending.stepId, cancelledError(reaction.opOcc, pending.step.name));
      return advance(reaction);
    }
    case 'StepFailed':
      return fail(state, input.data.stepId, input.data.error, input.data.now);
    case 'StepTimedOut': {
      const record = pendingStep(opOcc);
      const seconds = (record?.step.timeoutMs ?? 0) / 1000;
      return fail(
        state,
        input.data.stepId,
        { status: 504, title: 'Gateway Timeout', detail: `Step ${record?.step.name} got no answer within ${seconds} s.` },
        input.data.now,
      );
    }
    case 'CoordinatorRestarted':
      return restart(new Reaction(opOcc, input.data.now));
    default:
      return ignore(state, `${input.type} was appended by the workflow itself`);
  }
}

/**
 * Restart policy: a step sent before the crash and still without a result is
 * sent again with the same idempotency key when it is resumable (the target
 * answers with the outcome it recorded, leaves a step a live replica runs
 * alone, or resumes it as its own policy says). A step recorded as not
 * resumable (hooks in plans recorded before hooks became resumable) fails the
 * occurrence into FAILED_TEMP with the reason. Anything else resumes where
 * the stream says the occurrence stands.
 */
function restart(reaction: Reaction): LcmWorkflowReaction {
  const record = pendingStep(reaction.opOcc);
  if (!record) return advance(reaction);
  if (record.step.resumable) {
    send(reaction, record.step, record.stepId, record.attempt);
    return reaction.result();
  }
  const error: ProblemDetails = {
    status: 500,
    title: 'Step Interrupted',
    detail: `The coordinator restarted while step ${record.step.name} (${record.stepId}) was running; it is not safe to run again unattended.`,
  };
  return failStep(reaction, record.stepId, error);
}

function fail(state: LcmWorkflowState, stepId: string, error: ProblemDetails, now: string): LcmWorkflowReaction {
  const opOcc = state.opOcc;
  if (!opOcc || pendingStep(opOcc)?.stepId !== stepId) return ignore(state, `step ${stepId} is not awaited`);
  return failStep(new Reaction(opOcc, now), stepId, error);
}

function failStep(reaction: Reaction, stepId: string, error: ProblemDetails): LcmWorkflowReaction {
  reaction.decide({ type: 'RecordLcmStepFailure', data: { stepId, error, now: reaction.now } });
  // A cleanup step after `fail` that fails is not retried: the occurrence ends (see cleanupSteps).
  if (reaction.opOcc.operationState === 'FAILED') return advance(reaction);
  recordState(reaction);
  return reaction.result();
}

/** Moves the occurrence on from where it stands: next step, or the end of its phase. */
function advance(reaction: Reaction): LcmWorkflowReaction {
  const opOcc = reaction.opOcc;
  if (pendingStep(opOcc)) return reaction.result();
  if (opOcc.isCancelPending && workRemains(opOcc)) return concludeCancel(reaction);
  switch (opOcc.operationState) {
    case 'STARTING':
      reaction.decide({ type: 'BeginLcmOpOccProcessing', data: { now: reaction.now } });
      recordState(reaction);
      return advance(reaction);
    case 'PROCESSING': {
      const index = nextForwardIndex(opOcc);
      if (index < opOcc.plan.length) return request(reaction, 'forward', index, opOcc.plan[index]);
      applyModifications(reaction);
      reaction.decide({ type: 'CompleteLcmOpOcc', data: { now: reaction.now } });
      return end(reaction, 'COMPLETED');
    }
    case 'ROLLING_BACK': {
      const [next] = compensationSteps(opOcc);
      if (next) return request(reaction, 'compensation', next.index, next.step);
      reaction.decide({ type: 'CompleteLcmOpOccRollback', data: { now: reaction.now } });
      return end(reaction, 'ROLLED_BACK');
    }
    case 'FAILED_TEMP':
      // A person decides: retry, rollback or fail arrive as events.
      return reaction.result();
    case 'FAILED': {
      const [next] = cleanupSteps(opOcc);
      if (next) {
        recordState(reaction);
        return request(reaction, 'compensation', next.index, next.step);
      }
      return end(reaction, 'FAILED');
    }
    default:
      return end(reaction, opOcc.operationState);
  }
}

/**
 * SOL 003 §5.4.17: a cancel takes effect where the occurrence would start its
 * next step; one whose last step ended it anyway ends as that step decided.
 */
function workRemains(opOcc: VnfLcmOpOcc): boolean {
  if (opOcc.operationState === 'STARTING') return true;
  if (opOcc.operationState === 'PROCESSING') return nextForwardIndex(opOcc) < opOcc.plan.length;
  return opOcc.operationState === 'ROLLING_BACK' && compensationSteps(opOcc).length > 0;
}

function concludeCancel(reaction: Reaction): LcmWorkflowReaction {
  reaction.decide({ type: 'ConcludeLcmOpOccCancel', data: { now: reaction.now } });
  if (reaction.opOcc.operationState === 'ROLLED_BACK') return end(reaction, 'ROLLED_BACK');
  recordState(reaction);
  return reaction.result();
}

function request(reaction: Reaction, phase: StepPhase, index: number, step: PlannedStep): LcmWorkflowReaction {
  const attempt = (latestAttempts(reaction.opOcc, phase).get(index)?.attempt ?? 0) + 1;
  const stepId = stepIdOf(reaction.opOcc.id, phase, index, attempt);
  reaction.decide({ type: 'RequestLcmStep', data: { stepId, phase, index, attempt, step, now: reaction.now } });
  send(reaction, step, stepId, attempt);
  return reaction.result();
}

function send(reaction: Reaction, step: PlannedStep, stepId: string, attempt: number): void {
  const { opOcc } = reaction;
  const params = opOcc.operationParams as { additionalParams?: Record<string, unknown> } | undefined;
  reaction.then({
    kind: 'send',
    target: step.target,
    command: {
      stepId,
      vnfLcmOpOccId: opOcc.id,
      vnfInstanceId: opOcc.vnfInstanceId,
      name: step.name,
      attempt,
      request: step.request,
      timeoutMs: step.timeoutMs,
      vimConnectionInfo: step.vimConnectionInfo,
      additionalParams: params?.additionalParams,
    },
  });
  reaction.then({ kind: 'schedule', stepId, afterMs: step.timeoutMs });
}

/**
 * MODIFY_INFO changes the instance only once its hooks went through (SOL 003
 * §5.4.3.3.4); so do the extensions and vnfConfigurableProperties of a
 * change of package (§5.5.2.11a: merge patches, like a PATCH's).
 */
function applyModifications(reaction: Reaction): void {
  const { opOcc } = reaction;
  const modifications = modificationsOf(opOcc);
  if (!modifications) return;
  reaction.toInstance({
    type: 'ApplyVnfOperationResult',
    data: { vnfLcmOpOccId: opOcc.id, stepId: `${opOcc.id}:modify`, changes: { modifications }, now: reaction.now },
  });
}

function modificationsOf(opOcc: VnfLcmOpOcc): VnfInfoModificationRequest | undefined {
  if (opOcc.operation === 'MODIFY_INFO') return opOcc.operationParams as VnfInfoModificationRequest;
  if (opOcc.operation !== 'CHANGE_VNFPKG') return undefined;
  const { extensions, vnfConfigurableProperties } = opOcc.operationParams as ChangeCurrentVnfPkgRequest;
  return extensions || vnfConfigurableProperties
    ? { ...(extensions && { extensions }), ...(vnfConfigurableProperties && { vnfConfigurableProperties }) }
    : undefined;
}

function recordState(reaction: Reaction): void {
  const { operationState, id } = reaction.opOcc;
  if (
    operationState === 'PROCESSING' ||
    operationState === 'FAILED_TEMP' ||
    operationState === 'ROLLING_BACK' ||
    operationState === 'FAILED'
  ) {
    reaction.toInstance({ type: 'RecordVnfLcmOperationState', data: { vnfLcmOpOccId: id, operationState, now: reaction.now } });
  }
}

function end(reaction: Reaction, operationState: string): LcmWorkflowReaction {
  if (operationState === 'COMPLETED' || operationState === 'FAILED' || operationState === 'ROLLED_BACK') {
    reaction.toInstance({ type: 'EndVnfLcmOperation', data: { vnfLcmOpOccId: reaction.opOcc.id, operationState, now: reaction.now } });
    reaction.then({ kind: 'complete', operationState });
  }
  return reaction.result();
}

const ignore = (state: LcmWorkflowState, reason: string): LcmWorkflowReaction => ({ state, outputs: [{ kind: 'ignore', reason }] });
