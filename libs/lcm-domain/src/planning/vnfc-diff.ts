import type { VnfcResourceInfo } from '../sol003/sol003.types';

/**
 * What an infrastructure step changed (SOL 003 §5.5.3.5 VnfcResourceInfo ids):
 * VNFCs now present that were not known, and known ids that are gone — never
 * guessed from counts. Every infrastructure driver reports its step with it.
 */
export function diffVnfcs(
  known: readonly VnfcResourceInfo[],
  now: readonly VnfcResourceInfo[],
): { added: VnfcResourceInfo[]; removedIds: string[] } {
  const knownIds = new Set(known.map((vnfc) => vnfc.id));
  const nowIds = new Set(now.map((vnfc) => vnfc.id));
  return {
    added: now.filter((vnfc) => !knownIds.has(vnfc.id)),
    removedIds: known.filter((vnfc) => !nowIds.has(vnfc.id)).map((vnfc) => vnfc.id),
  };
}
