import { unprocessableLcmRequest } from './lcm.errors';
import type { HealVnfRequest } from './lcm-requests.types';
import type { VnfcResourceInfo } from './sol003.types';

/** The VNFCs a heal touches: the listed ones, every one of them existing, or all when none is listed (SOL 003 §5.5.2.9). */
export function healTargets(vnfcs: readonly VnfcResourceInfo[], request: HealVnfRequest): VnfcResourceInfo[] {
  if (!request.vnfcInstanceId || request.vnfcInstanceId.length === 0) return [...vnfcs];
  const unknown = request.vnfcInstanceId.filter((id) => !vnfcs.some((v) => v.id === id));
  if (unknown.length > 0) throw unprocessableLcmRequest('UNKNOWN_VNFC_INSTANCE', `No VNFC instance ${unknown.join(', ')} in this VNF instance.`);
  return vnfcs.filter((v) => request.vnfcInstanceId?.includes(v.id));
}
