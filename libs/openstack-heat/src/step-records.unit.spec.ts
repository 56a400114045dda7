import type { RunStepMessage } from '@vnfm/contracts';
import { decideHeatStack, evolveHeatStack, initialHeatStackState } from './heat-stack.decider';
import type { HeatStackEvent } from './heat-stack.events';
import { decideInfraStep, evolveInfraStep, initialInfraStepState } from './infra-step.decider';
import type { InfraStepEvent, InfraStepOutcome } from './infra-step.events';
import type { HeatStackDefinition } from './stack-definition';

const NOW = '2026-01-01T00:00:00.000Z';
const message: RunStepMessage = {
  stepId: 'op-1:1:1',
  vnfLcmOpOccId: 'op-1',
  vnfInstanceId: 'inst-1',
  name: 'terminate',
  attempt: 1,
  request: { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] },
  timeoutMs: 60_000,
  vimConnectionInfo: { vim1: { vimId: 'v1', vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } },
  additionalParams: { admin_password: 'pw' },
  vnfdId: 'd1',
  vnfcResourceInfo: [],
};
const done: InfraStepOutcome = { status: 'SUCCEEDED', result: { vnfcIdsRemoved: [] } };

const givenStep = (events: InfraStepEvent[]) => events.reduce(evolveInfraStep, initialInfraStepState());
const givenStack = (events: HeatStackEvent[]) => events.reduce(evolveHeatStack, initialHeatStackState());

describe('the step record', () => {
  const accepted = decideInfraStep({ type: 'AcceptInfraStep', data: { message, now: NOW } }, initialInfraStepState());

  it('records acceptance once, with secret-named parameters redacted', () => {
    expect(accepted).toEqual([{ type: 'InfraStepAccepted', data: { stepId: 'op-1:1:1', message: { ...message, additionalParams: { admin_password: '[REDACTED]' } }, at: NOW } }]);
    expect(decideInfraStep({ type: 'AcceptInfraStep', data: { message, now: NOW } }, givenStep(accepted))).toEqual([]);
  });

  it('records the first outcome only, and refuses an outcome for a step never accepted', () => {
    const ended = decideInfraStep({ type: 'EndInfraStep', data: { stepId: message.stepId, outcome: done, now: NOW } }, givenStep(accepted));
    expect(givenStep([...accepted, ...ended])).toMatchObject({ status: 'ended', outcome: done, acceptedAt: NOW });
    expect(decideInfraStep({ type: 'EndInfraStep', data: { stepId: message.stepId, outcome: done, now: NOW } }, givenStep([...accepted, ...ended]))).toEqual([]);
    expect(() => decideInfraStep({ type: 'EndInfraStep', data: { stepId: 'x', outcome: done, now: NOW } }, initialInfraStepState())).toThrow('Step x was never accepted.');
  });
});

describe('the Heat stack record', () => {
  const definition: HeatStackDefinition = { template: { parameters: { db_password: { type: 'string', hidden: true } }, resources: {} }, files: {}, parameters: { nfv: {}, db_password: 'pw' } };
  const defined = decideHeatStack({ type: 'DefineHeatStack', data: { stackName: 'vnf-1', definition, now: NOW } }, initialHeatStackState());

  it('keeps the template as written and redacts secret-named parameter values', () => {
    expect(givenStack(defined)).toEqual({ status: 'defined', stackName: 'vnf-1', definition: { ...definition, parameters: { nfv: {}, db_password: '[REDACTED]' } } });
  });

  it('records a definition again only when it changed, and a deletion only of a defined stack', () => {
    expect(decideHeatStack({ type: 'DefineHeatStack', data: { stackName: 'vnf-1', definition, now: NOW } }, givenStack(defined))).toEqual([]);
    const deleted = decideHeatStack({ type: 'DeleteHeatStack', data: { now: NOW } }, givenStack(defined));
    expect(givenStack([...defined, ...deleted])).toEqual({ status: 'deleted', stackName: 'vnf-1' });
    expect(decideHeatStack({ type: 'DeleteHeatStack', data: { now: NOW } }, givenStack([...defined, ...deleted]))).toEqual([]);
  });
});
