import { vduDeltaBetween, type ScaleInfo } from '@vnfm/lcm-domain';
import type { VnfdFlavour } from '@vnfm/vnfd';

/**
 * How many VNFCs (pods, replicas) a VDU has when the VNF is at `status`
 * (ETSI GS NFV-SOL 001 v2.6.1 §6.10.6 VduScalingAspectDeltas): counted from
 * the VNFD's default instantiation level where it gives the VDU's count
 * (VduInstantiationLevels) at that level's scale levels, else from the VDU's
 * initial delta at scale level 0, plus the aspects' per-step deltas up or
 * down to `status`. An absolute count, so a repeated scale step (or the
 * scale back of a rollback, to the previous status) sets the same replicas.
 */
export function vduCountAt(flavour: VnfdFlavour, vduId: string, status: readonly ScaleInfo[]): number {
  const vdu = flavour.vdus.find((candidate) => candidate.id === vduId);
  const { defaultLevelId, levels } = flavour.instantiationLevels;
  const level = levels.find((candidate) => candidate.id === defaultLevelId && candidate.vduInstances[vduId] !== undefined);
  const anchor: ScaleInfo[] = level ? Object.entries(level.scaleLevels).map(([aspectId, scaleLevel]) => ({ aspectId, scaleLevel })) : [];
  const count = level ? level.vduInstances[vduId] : (vdu?.initialInstances ?? 0);
  return Math.max(0, count + (vduDeltaBetween(flavour, anchor, status)[vduId] ?? 0));
}
