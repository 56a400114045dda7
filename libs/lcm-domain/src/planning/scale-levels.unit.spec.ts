import {
  flavourOf,
  initialScaleStatus,
  initialVduCounts,
  scaleStatusAfterScale,
  scaleStatusAtLevel,
  vduDeltaBetween,
  vnfcsToRemove,
} from './scale-levels';
import type { VnfdFlavour } from '@vnfm/vnfd';
import { refusalOf as code, sampleVnfd, vnfc } from '../testing';

const flavour = flavourOf(sampleVnfd(), 'simple');
/** A second aspect with a different delta per step, as SOL 001 allows. */
const twoAspects: VnfdFlavour = {
  ...flavour,
  scalingAspects: [
    ...flavour.scalingAspects,
    {
      id: 'VDU2_scale',
      name: 'VDU2_scale',
      maxScaleLevel: 3,
      stepDeltas: ['d1', 'd2', 'd3'],
      vduDeltas: { VDU2: { d1: 1, d2: 2, d3: 4 } },
    },
  ],
};
const at = (level: number, aspectId = 'VDU1_scale') => [{ aspectId, scaleLevel: level }];

describe('scale levels', () => {
  it('starts at the instantiation level asked for, else the default level', () => {
    expect(initialScaleStatus(flavour)).toEqual(at(0));
    expect(initialScaleStatus(flavour, 'instantiation_level_2')).toEqual(at(2));
    expect(initialVduCounts(flavour)).toEqual({ VDU1: 1, VDU2: 2 });
    expect(initialVduCounts(flavour, 'instantiation_level_2')).toEqual({ VDU1: 3, VDU2: 2 });
    expect(code(() => initialScaleStatus(flavour, 'nope'))).toBe('422 UNKNOWN_INSTANTIATION_LEVEL');
    expect(code(() => flavourOf(sampleVnfd(), 'big'))).toBe('422 UNKNOWN_FLAVOUR');
  });

  it('falls back to the VDU initial delta when the VNFD has no instantiation levels', () => {
    const bare = { ...flavour, instantiationLevels: { levels: [] } };
    expect(initialVduCounts(bare)).toEqual({ VDU1: 1, VDU2: 2 });
    expect(initialScaleStatus(bare)).toEqual(at(0));
  });

  it('scales out and in by numberOfSteps within 0..max_scale_level', () => {
    expect(scaleStatusAfterScale(flavour, at(0), { type: 'SCALE_OUT', aspectId: 'VDU1_scale' })).toEqual(at(1));
    expect(scaleStatusAfterScale(flavour, at(0), { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 2 })).toEqual(at(2));
    expect(scaleStatusAfterScale(flavour, at(2), { type: 'SCALE_IN', aspectId: 'VDU1_scale', numberOfSteps: 2 })).toEqual(at(0));
    expect(code(() => scaleStatusAfterScale(flavour, at(2), { type: 'SCALE_OUT', aspectId: 'VDU1_scale' }))).toBe(
      '422 SCALE_LEVEL_OUT_OF_RANGE',
    );
    expect(code(() => scaleStatusAfterScale(flavour, at(0), { type: 'SCALE_IN', aspectId: 'VDU1_scale' }))).toBe(
      '422 SCALE_LEVEL_OUT_OF_RANGE',
    );
    expect(code(() => scaleStatusAfterScale(flavour, at(0), { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 0 }))).toBe(
      '400 INVALID_LCM_REQUEST',
    );
    expect(code(() => scaleStatusAfterScale(flavour, at(0), { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 1.5 }))).toBe(
      '400 INVALID_LCM_REQUEST',
    );
    expect(code(() => scaleStatusAfterScale(flavour, at(0), { type: 'SCALE_OUT', aspectId: 'nope' }))).toBe('422 UNKNOWN_SCALING_ASPECT');
  });

  it('scales to a level by instantiation level or per-aspect scaleInfo, exactly one of them', () => {
    expect(scaleStatusAtLevel(flavour, at(0), { instantiationLevelId: 'instantiation_level_2' })).toEqual(at(2));
    expect(scaleStatusAtLevel(flavour, at(2), { scaleInfo: at(1) })).toEqual(at(1));
    expect(code(() => scaleStatusAtLevel(flavour, at(0), { scaleInfo: at(3) }))).toBe('422 SCALE_LEVEL_OUT_OF_RANGE');
    expect(code(() => scaleStatusAtLevel(flavour, at(0), { scaleInfo: at(-1) }))).toBe('422 SCALE_LEVEL_OUT_OF_RANGE');
    expect(code(() => scaleStatusAtLevel(flavour, at(0), {}))).toBe('400 INVALID_LCM_REQUEST');
    expect(code(() => scaleStatusAtLevel(flavour, at(0), { instantiationLevelId: 'instantiation_level_2', scaleInfo: at(1) }))).toBe(
      '400 INVALID_LCM_REQUEST',
    );
    expect(code(() => scaleStatusAtLevel(flavour, at(0), { instantiationLevelId: 'nope' }))).toBe('422 UNKNOWN_INSTANTIATION_LEVEL');
  });

  it('counts VNFCs per VDU from each step delta, both ways', () => {
    const from = [...at(0), ...at(0, 'VDU2_scale')];
    expect(vduDeltaBetween(twoAspects, from, [...at(2), ...at(3, 'VDU2_scale')])).toEqual({ VDU1: 2, VDU2: 7 });
    expect(vduDeltaBetween(twoAspects, [...at(2), ...at(3, 'VDU2_scale')], [...at(1), ...at(1, 'VDU2_scale')])).toEqual({
      VDU1: -1,
      VDU2: -6,
    });
    expect(vduDeltaBetween(twoAspects, from, from)).toEqual({});
  });

  it('removes the newest VNFCs of a VDU on scale-in', () => {
    const vnfcs = [vnfc('a', 'VDU1'), vnfc('x', 'VDU2'), vnfc('b', 'VDU1'), vnfc('c', 'VDU1')];
    expect(vnfcsToRemove(vnfcs, { VDU1: -2, VDU2: 0 }).map((v) => v.id)).toEqual(['b', 'c']);
    expect(vnfcsToRemove(vnfcs, { VDU1: 1 })).toEqual([]);
  });
});
