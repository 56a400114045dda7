import type { SolQueryParams } from '@vnfm/sol-query';
import type { VnfInstanceView, VnfLcmApiMajor } from './vnf-instance.view';

/** The lcm-coordinator's VNF instance bus commands (`<service>.<name>`) and their payloads. */
export const LCM_COORDINATOR = {
  createVnfInstance: 'lcm-coordinator.createVnfInstance',
  listVnfInstances: 'lcm-coordinator.listVnfInstances',
  getVnfInstance: 'lcm-coordinator.getVnfInstance',
  deleteVnfInstance: 'lcm-coordinator.deleteVnfInstance',
} as const;

export interface CreateVnfInstanceMessage {
  apiMajor: VnfLcmApiMajor;
  request: { vnfdId: string; vnfInstanceName?: string; vnfInstanceDescription?: string; metadata?: Record<string, unknown> };
}
export interface ListVnfInstancesMessage {
  apiMajor: VnfLcmApiMajor;
  query: SolQueryParams;
}
export interface ListVnfInstancesReply {
  items: Partial<VnfInstanceView>[];
  nextMarker?: string;
}
export interface VnfInstanceRef {
  apiMajor: VnfLcmApiMajor;
  vnfInstanceId: string;
}
