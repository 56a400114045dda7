import { unprocessableLcmRequest } from '../sol003/lcm.errors';
import type { HealVnfRequest } from '../sol003/lcm-requests.types';
import type { VnfcResourceInfo } from '../sol003/sol003.types';

/** The id of the VnfcInfo (SOL 003 v3.3.1 §5.5.3.23) a VNFC is reported under, next to its VnfcResourceInfo. */
export const vnfcInfoId = (vnfcResourceInfoId: string): string => `vnfc-${vnfcResourceInfoId}`;

/**
 * The VNFCs a heal touches: the listed ones, every one of them existing, or all
 * when none is listed (SOL 003 §5.5.2.9). SOL 003 v3.3.1 (and Tacker v2) name a
 * VNFC by its VnfcInfo.id, v2.6.1 by its VnfcResourceInfo.id; either is taken
 * in both API versions, and an id that names two different VNFCs is refused.
 */
export function healTargets(vnfcs: readonly VnfcResourceInfo[], request: HealVnfRequest): VnfcResourceInfo[] {
  if (!request.vnfcInstanceId || request.vnfcInstanceId.length === 0) return [...vnfcs];
  const named = request.vnfcInstanceId.map((id) => ({ id, vnfcs: vnfcs.filter((v) => v.id === id || vnfcInfoId(v.id) === id) }));
  const unknown = named.filter((n) => n.vnfcs.length === 0).map((n) => n.id);
  if (unknown.length > 0)
    throw unprocessableLcmRequest(
      'UNKNOWN_VNFC_INSTANCE',
      `No VNFC instance ${unknown.join(', ')} in this VNF instance (give a VnfcInfo.id or a VnfcResourceInfo.id).`,
    );
  const ambiguous = named.filter((n) => n.vnfcs.length > 1).map((n) => n.id);
  if (ambiguous.length > 0) {
    throw unprocessableLcmRequest(
      'AMBIGUOUS_VNFC_INSTANCE',
      `${ambiguous.join(', ')} is the VnfcInfo.id of one VNFC and the VnfcResourceInfo.id of another: name the VNFC by its VnfcResourceInfo.id.`,
    );
  }
  const chosen = new Set(named.flatMap((n) => n.vnfcs));
  return vnfcs.filter((v) => chosen.has(v));
}
