/** The major versions of the VNF LCM API (SOL 013 §9.1: the URI's major version is the API's). */
export type VnfLcmApiMajor = 1 | 2;

/** The API version served under each major version: SOL 003 v2.6.1 (as Tacker v1) and v3.3.1 (as Tacker v2). */
export const VNFLCM_API_VERSIONS: Record<VnfLcmApiMajor, string> = { 1: '1.3.0', 2: '2.0.0' };
export const vnfLcmUriPrefix = (major: VnfLcmApiMajor) => `/vnflcm/v${major}`;
