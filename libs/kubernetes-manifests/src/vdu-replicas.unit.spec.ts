import { vduCountsAt } from '@vnfm/lcm-domain';
import type { VnfdFlavour } from '@vnfm/vnfd';
import { manifestObjects } from './manifest-objects';
import { withVduReplicas } from './vdu-replicas';

/** VDU2 and VDU3 of cnf-v2-all-kinds: the default level puts vdu2_aspect at 1 with 2 pods; one pod per step. */
const flavour = {
  vdus: [
    { id: 'VDU2', name: 'vdu2', initialInstances: 2 },
    { id: 'VDU3', name: 'vdu3', initialInstances: 1 },
    { id: 'VDU9', name: 'vdu9', initialInstances: 1 },
  ],
  scalingAspects: [
    { id: 'vdu2_aspect', name: 'vdu2_aspect', maxScaleLevel: 2, stepDeltas: ['delta_1'], vduDeltas: { VDU2: { delta_1: 1 } } },
    { id: 'vdu3_aspect', name: 'vdu3_aspect', maxScaleLevel: 2, stepDeltas: ['delta_1'], vduDeltas: { VDU3: { delta_1: 1 } } },
    {
      id: 'vdu9_aspect',
      name: 'vdu9_aspect',
      maxScaleLevel: 3,
      stepDeltas: ['d1', 'd2', 'd3'],
      vduDeltas: { VDU9: { d1: 1, d2: 2, d3: 4 } },
    },
  ],
  instantiationLevels: {
    defaultLevelId: 'instantiation_level_1',
    levels: [
      { id: 'instantiation_level_1', scaleLevels: { vdu2_aspect: 1, vdu3_aspect: 0 }, vduInstances: { VDU2: 2, VDU3: 1 } },
      { id: 'instantiation_level_2', scaleLevels: { vdu2_aspect: 2, vdu3_aspect: 2 }, vduInstances: { VDU2: 3, VDU3: 3 } },
    ],
  },
} as unknown as VnfdFlavour;
const at = (levels: Record<string, number>) => Object.entries(levels).map(([aspectId, scaleLevel]) => ({ aspectId, scaleLevel }));

/** The replicas a Kubernetes scale step sets: counted from the VNFD's default level (the step does not carry the instance's). */
const vduCountAt = (f: VnfdFlavour, vduId: string, status: { aspectId: string; scaleLevel: number }[]) =>
  vduCountsAt(f, undefined, status)[vduId];

describe('VNFC count of a VDU at a scale status (replicas a scale step sets)', () => {
  it("counts from the default instantiation level's VDU count at its scale levels, one step's delta per level up or down", () => {
    expect(vduCountAt(flavour, 'VDU2', at({ vdu2_aspect: 1 }))).toBe(2);
    expect(vduCountAt(flavour, 'VDU2', at({ vdu2_aspect: 2 }))).toBe(3);
    expect(vduCountAt(flavour, 'VDU2', at({ vdu2_aspect: 0 }))).toBe(1);
    expect(vduCountAt(flavour, 'VDU3', at({ vdu3_aspect: 2 }))).toBe(3);
  });

  it('is absolute: the same status gives the same count, whatever the status before (a repeated step, a rollback to the previous status)', () => {
    expect(vduCountAt(flavour, 'VDU2', at({ vdu2_aspect: 1, vdu3_aspect: 2 }))).toBe(vduCountAt(flavour, 'VDU2', at({ vdu2_aspect: 1 })));
  });

  it("without a level giving the VDU's count, counts from its initial delta at level 0, with a different delta per step", () => {
    expect(vduCountAt(flavour, 'VDU9', at({ vdu9_aspect: 0 }))).toBe(1);
    expect(vduCountAt(flavour, 'VDU9', at({ vdu9_aspect: 2 }))).toBe(4);
    expect(vduCountAt(flavour, 'VDU9', at({ vdu9_aspect: 3 }))).toBe(8);
  });
});

describe("replicas of the VDUs' objects at instantiation", () => {
  const manifests = manifestObjects(['m.yaml'], {
    'm.yaml': [
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: vdu2}\nspec: {replicas: 2, template: {spec: {}}}',
      'apiVersion: v1\nkind: Pod\nmetadata: {name: vdu1}\nspec: {containers: []}',
      'apiVersion: example.com/v1\nkind: Scaler\nmetadata: {name: vdu5}\nspec: {replicas: 1}',
      'apiVersion: v1\nkind: Service\nmetadata: {name: vdu3}\nspec: {}',
    ].join('\n---\n'),
  });
  const vdus = ['VDU1', 'VDU2', 'VDU3', 'VDU5'].map((id) => ({ id, name: id.toLowerCase() }));

  it("sets spec.replicas of each VDU's object to the instantiation's count; a Pod, an object without replicas and a VDU without a count stay as written", () => {
    const set = withVduReplicas(manifests, vdus, { VDU1: 4, VDU2: 3, VDU3: 5 });
    expect(set.map((item) => [item.object.kind, (item.object['spec'] as { replicas?: number }).replicas])).toEqual([
      ['Deployment', 3],
      ['Pod', undefined],
      ['Scaler', 1],
      ['Service', undefined],
    ]);
    expect((manifests[0].object['spec'] as { replicas: number }).replicas).toBe(2);
  });
});
