import type { ScaleInfo, VimConnectionRef } from './sol003.types';

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.3 CreateVnfRequest, with the VNFD identity the catalog resolved. */
export interface CreateVnfRequest {
  vnfdId: string;
  vnfInstanceName?: string;
  vnfInstanceDescription?: string;
  metadata?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.4 InstantiateVnfRequest (VIM connections as references). */
export interface InstantiateVnfRequest {
  flavourId: string;
  instantiationLevelId?: string;
  extVirtualLinks?: unknown[];
  extManagedVirtualLinks?: unknown[];
  vimConnectionInfo?: Record<string, VimConnectionRef>;
  localizationLanguage?: string;
  additionalParams?: Record<string, unknown>;
  extensions?: Record<string, unknown>;
  vnfConfigurableProperties?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.5 ScaleVnfRequest. */
export interface ScaleVnfRequest {
  type: 'SCALE_OUT' | 'SCALE_IN';
  aspectId: string;
  numberOfSteps?: number;
  additionalParams?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.6 ScaleVnfToLevelRequest: exactly one of the two targets. */
export interface ScaleVnfToLevelRequest {
  instantiationLevelId?: string;
  scaleInfo?: ScaleInfo[];
  additionalParams?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.8 TerminateVnfRequest. */
export interface TerminateVnfRequest {
  terminationType: 'FORCEFUL' | 'GRACEFUL';
  gracefulTerminationTimeout?: number;
  additionalParams?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.9 HealVnfRequest; `vnfcInstanceId` narrows the heal to those VNFCs (v2 API). */
export interface HealVnfRequest {
  vnfcInstanceId?: string[];
  cause?: string;
  additionalParams?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.11 ChangeExtVnfConnectivityRequest. */
export interface ChangeExtVnfConnectivityRequest {
  extVirtualLinks: unknown[];
  vimConnectionInfo?: Record<string, VimConnectionRef>;
  additionalParams?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.12 VnfInfoModificationRequest (metadata, extensions and properties are merge patches). */
export interface VnfInfoModificationRequest {
  vnfInstanceName?: string;
  vnfInstanceDescription?: string;
  vnfdId?: string;
  vnfConfigurableProperties?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  extensions?: Record<string, unknown>;
  vimConnectionInfo?: Record<string, VimConnectionRef>;
}

/**
 * ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.11a ChangeCurrentVnfPkgRequest. VIM
 * connections do not change with the package (PATCH does that); the
 * extensions and vnfConfigurableProperties given are merge patches applied
 * when the new package is in place.
 */
export interface ChangeCurrentVnfPkgRequest {
  vnfdId: string;
  extVirtualLinks?: unknown[];
  extManagedVirtualLinks?: unknown[];
  additionalParams?: Record<string, unknown>;
  extensions?: Record<string, unknown>;
  vnfConfigurableProperties?: Record<string, unknown>;
}

/** The request of each operation this VNFM runs, tagged by its LcmOperationType. */
export type LcmOperationRequest =
  | { operation: 'INSTANTIATE'; params: InstantiateVnfRequest }
  | { operation: 'SCALE'; params: ScaleVnfRequest }
  | { operation: 'SCALE_TO_LEVEL'; params: ScaleVnfToLevelRequest }
  | { operation: 'TERMINATE'; params: TerminateVnfRequest }
  | { operation: 'HEAL'; params: HealVnfRequest }
  | { operation: 'CHANGE_EXT_CONN'; params: ChangeExtVnfConnectivityRequest }
  | { operation: 'MODIFY_INFO'; params: VnfInfoModificationRequest }
  | { operation: 'CHANGE_VNFPKG'; params: ChangeCurrentVnfPkgRequest };

export type SupportedLcmOperation = LcmOperationRequest['operation'];
