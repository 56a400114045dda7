import type { ResourceRecord } from '../orchestration/stack-types';
import { newUuid } from '../common/ids';
import { BaseProvider, type ProvisionResult } from './resource-provider';

/**
 * Resource types the simulator only records (subnets, routers, server groups, volumes,
 * volume types, scaling policies): a physical id, properties echoed back as attributes.
 */
export class PassiveProvider extends BaseProvider {
  create(): ProvisionResult {
    return { physicalId: newUuid() };
  }

  update(): void {
    // Nothing behind the record to change: the reconciler stores the new properties.
  }

  delete(): void {
    // Nothing behind the record to release.
  }

  attributes(record: ResourceRecord): Record<string, unknown> {
    return { ...record.properties, show: { id: record.physicalId, ...record.properties } };
  }
}
