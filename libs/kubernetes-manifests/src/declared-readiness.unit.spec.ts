import { FAILED_WHEN_ANNOTATION, READY_WHEN_ANNOTATION } from './declared-readiness';
import { manifestObjects } from './manifest-objects';
import { readinessOf } from './readiness';

const gadget = (annotations: Record<string, string>, status: Record<string, unknown> = {}, generation = 1) => ({
  apiVersion: 'gadgets.example.com/v1',
  kind: 'Gadget',
  metadata: { name: 'g', generation, annotations },
  spec: { replicas: 3 },
  status,
});

describe('readiness rules a package declares on its objects', () => {
  it('decides by the ready-when rule: fields against literals or other fields, conditions, every clause', () => {
    const rule = {
      [READY_WHEN_ANNOTATION]: 'status.phase == Provisioned && status.readyReplicas >= spec.replicas && condition Synced=True',
    };
    const synced = [{ type: 'Synced', status: 'True' }];
    expect(readinessOf(gadget(rule, { phase: 'Provisioned', readyReplicas: 3, conditions: synced }))).toEqual({ ready: true });
    expect(readinessOf(gadget(rule, { phase: 'Provisioned', readyReplicas: 2, conditions: synced }))).toEqual({
      ready: false,
      reason: 'not yet status.readyReplicas >= spec.replicas',
    });
    expect(readinessOf(gadget(rule, {}))).toMatchObject({ ready: false, reason: expect.stringContaining('status.phase == Provisioned') });
    // Its Ready condition no longer decides (the generic rule would call this ready).
    expect(readinessOf(gadget(rule, { conditions: [{ type: 'Ready', status: 'True' }] })).ready).toBe(false);
    // Quoted, numeric and boolean literals; != on a missing field.
    expect(
      readinessOf(
        gadget(
          { [READY_WHEN_ANNOTATION]: "status.message == 'all good' && status.count > 1.5 && status.up == true" },
          { message: 'all good', count: 2, up: true },
        ),
      ),
    ).toEqual({ ready: true });
    expect(readinessOf(gadget({ [READY_WHEN_ANNOTATION]: 'status.error != boom' }, {}))).toEqual({ ready: true });
  });

  it('waits for the controller to observe the generation, and fails at once when the failed-when rule holds', () => {
    const rules = { [READY_WHEN_ANNOTATION]: 'status.phase == Done', [FAILED_WHEN_ANNOTATION]: 'status.phase == Error' };
    expect(readinessOf(gadget(rules, { phase: 'Done', observedGeneration: 1 }, 2))).toEqual({
      ready: false,
      reason: 'generation not yet observed',
    });
    expect(readinessOf(gadget(rules, { phase: 'Error' }))).toEqual({
      ready: false,
      failed: true,
      reason: 'status.phase == Error (its vnfm.etsi.org/failed-when rule)',
    });
  });

  it('refuses a manifest whose rule is not one, naming it, before anything is applied', () => {
    const manifest = `apiVersion: gadgets.example.com/v1
kind: Gadget
metadata:
  name: g
  annotations:
    ${READY_WHEN_ANNOTATION}: "status.phase is Done"
`;
    expect(() => manifestObjects(['Files/kubernetes/gadget.yaml'], { 'Files/kubernetes/gadget.yaml': manifest })).toThrow(
      'Manifest Files/kubernetes/gadget.yaml#1: its vnfm.etsi.org/ready-when rule is not understood: "status.phase is Done" is neither "<path> <op> <value>" nor "condition <Type>=<Status>".',
    );
  });
});
