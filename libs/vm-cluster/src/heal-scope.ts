/** A heal names VNFCs (SOL 003 v3.3.1 §5.5.2.9 HealVnfRequest v2 `vnfcInstanceId`); without any the whole VNF is healed. */
export function healsWholeVnf(operationParams: Record<string, unknown>): boolean {
  const ids = operationParams['vnfcInstanceId'];
  return !Array.isArray(ids) || ids.length === 0;
}
