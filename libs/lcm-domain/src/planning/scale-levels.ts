import type { ScalingAspect, VnfdFlavour, VnfdModel } from '@vnfm/vnfd';
import { invalidLcmRequest, unprocessableLcmRequest } from '../sol003/lcm.errors';
import type { ScaleVnfRequest, ScaleVnfToLevelRequest } from '../sol003/lcm-requests.types';
import type { ScaleInfo, VnfcResourceInfo } from '../sol003/sol003.types';

/** VNFC count change per VDU id (negative when VNFCs go away). */
export type VduDelta = Record<string, number>;

export function flavourOf(vnfd: VnfdModel, flavourId: string): VnfdFlavour {
  const flavour = vnfd.flavours.find((f) => f.flavourId === flavourId);
  if (!flavour) throw unprocessableLcmRequest('UNKNOWN_FLAVOUR', `VNFD ${vnfd.vnfdId} has no deployment flavour ${flavourId}.`);
  return flavour;
}

function aspectOf(flavour: VnfdFlavour, aspectId: string): ScalingAspect {
  const aspect = flavour.scalingAspects.find((a) => a.id === aspectId);
  if (!aspect) throw unprocessableLcmRequest('UNKNOWN_SCALING_ASPECT', `Flavour ${flavour.flavourId} has no scaling aspect ${aspectId}.`);
  return aspect;
}

/** The instantiation level asked for, else the VNFD's default, else none (every aspect at level 0). */
function levelOf(flavour: VnfdFlavour, instantiationLevelId: string | undefined) {
  const id = instantiationLevelId ?? flavour.instantiationLevels.defaultLevelId;
  if (id === undefined) return undefined;
  const level = flavour.instantiationLevels.levels.find((l) => l.id === id);
  if (!level)
    throw unprocessableLcmRequest('UNKNOWN_INSTANTIATION_LEVEL', `Flavour ${flavour.flavourId} has no instantiation level ${id}.`);
  return level;
}

/** scaleStatus right after instantiation: the level's scale levels, 0 for aspects it does not name. */
export function initialScaleStatus(flavour: VnfdFlavour, instantiationLevelId?: string): ScaleInfo[] {
  const level = levelOf(flavour, instantiationLevelId);
  return flavour.scalingAspects.map((aspect) => withinBounds(aspect, level?.scaleLevels[aspect.id] ?? 0));
}

/** VNFCs per VDU right after instantiation: VduInstantiationLevels, else the VDU's initial delta. */
export function initialVduCounts(flavour: VnfdFlavour, instantiationLevelId?: string): Record<string, number> {
  const level = levelOf(flavour, instantiationLevelId);
  return Object.fromEntries(flavour.vdus.map((vdu) => [vdu.id, level?.vduInstances[vdu.id] ?? vdu.initialInstances]));
}

/** VNFCs per VDU of a flavour at these scale levels: the instantiation level's counts plus every aspect's deltas up to its level. */
export function vduCountsAt(
  flavour: VnfdFlavour,
  instantiationLevelId: string | undefined,
  scaleStatus: readonly ScaleInfo[],
): Record<string, number> {
  const delta = vduDeltaBetween(flavour, initialScaleStatus(flavour, instantiationLevelId), scaleStatus);
  return Object.fromEntries(
    Object.entries(initialVduCounts(flavour, instantiationLevelId)).map(([vduId, count]) => [vduId, count + (delta[vduId] ?? 0)]),
  );
}

/** SCALE_OUT / SCALE_IN by numberOfSteps (default 1), bounded by 0..max_scale_level. */
export function scaleStatusAfterScale(flavour: VnfdFlavour, current: readonly ScaleInfo[], request: ScaleVnfRequest): ScaleInfo[] {
  const steps = request.numberOfSteps ?? 1;
  if (!Number.isInteger(steps) || steps < 1) throw invalidLcmRequest(`numberOfSteps must be a positive integer, got ${steps}.`);
  const aspect = aspectOf(flavour, request.aspectId);
  const from = levelIn(current, aspect.id);
  const to = withinBounds(aspect, request.type === 'SCALE_OUT' ? from + steps : from - steps);
  return current.map((info) => (info.aspectId === aspect.id ? to : info));
}

/** ScaleVnfToLevel: by instantiation level or by per-aspect scaleInfo, exactly one of them. */
export function scaleStatusAtLevel(flavour: VnfdFlavour, current: readonly ScaleInfo[], request: ScaleVnfToLevelRequest): ScaleInfo[] {
  if ((request.instantiationLevelId === undefined) === (request.scaleInfo === undefined)) {
    throw invalidLcmRequest('Give exactly one of instantiationLevelId and scaleInfo.');
  }
  const targets = request.scaleInfo ?? initialScaleStatus(flavour, request.instantiationLevelId);
  const byAspect = new Map(targets.map((t) => [aspectOf(flavour, t.aspectId).id, t.scaleLevel]));
  return current.map((info) =>
    byAspect.has(info.aspectId) ? withinBounds(aspectOf(flavour, info.aspectId), byAspect.get(info.aspectId) ?? 0) : info,
  );
}

/** VNFC count change per VDU between two scale statuses, from each aspect's per-step deltas (VduScalingAspectDeltas). */
export function vduDeltaBetween(flavour: VnfdFlavour, from: readonly ScaleInfo[], to: readonly ScaleInfo[]): VduDelta {
  const delta: VduDelta = {};
  for (const aspect of flavour.scalingAspects) {
    const a = levelIn(from, aspect.id);
    const b = levelIn(to, aspect.id);
    const sign = b >= a ? 1 : -1;
    for (let step = Math.min(a, b) + 1; step <= Math.max(a, b); step++) {
      const deltaId = stepDeltaId(aspect, step);
      for (const [vduId, perDelta] of Object.entries(aspect.vduDeltas)) {
        delta[vduId] = (delta[vduId] ?? 0) + sign * (perDelta[deltaId] ?? 0);
      }
    }
  }
  return delta;
}

/** Which VNFCs a scale-in removes: the newest of each VDU first, as Tacker does. */
export function vnfcsToRemove(vnfcs: readonly VnfcResourceInfo[], delta: VduDelta): VnfcResourceInfo[] {
  return Object.entries(delta).flatMap(([vduId, change]) => (change < 0 ? vnfcs.filter((v) => v.vduId === vduId).slice(change) : []));
}

/** SOL 001 §6.10.6: one delta per step, or a single delta when every step is the same. */
function stepDeltaId(aspect: ScalingAspect, step: number): string {
  return aspect.stepDeltas.length === 1 ? aspect.stepDeltas[0] : (aspect.stepDeltas[step - 1] ?? '');
}

const levelIn = (status: readonly ScaleInfo[], aspectId: string) => status.find((s) => s.aspectId === aspectId)?.scaleLevel ?? 0;

function withinBounds(aspect: ScalingAspect, scaleLevel: number): ScaleInfo {
  if (!Number.isInteger(scaleLevel) || scaleLevel < 0 || scaleLevel > aspect.maxScaleLevel) {
    throw unprocessableLcmRequest(
      'SCALE_LEVEL_OUT_OF_RANGE',
      `Scale level ${scaleLevel} of aspect ${aspect.id} is outside 0..${aspect.maxScaleLevel}.`,
    );
  }
  return { aspectId: aspect.id, scaleLevel };
}
