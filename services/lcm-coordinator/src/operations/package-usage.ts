import { Injectable } from '@nestjs/common';
import type {
  ChangeCurrentVnfPkgRequest,
  LcmOperationRequest,
  VnfInfoModificationRequest,
  VnfInstance,
  VnfLcmOpOcc,
} from '@vnfm/lcm-domain';
import { VnfPackagesClient } from '../instances/vnf-packages.client';
import { VnfInstanceRepository } from '../instances/vnf-instance.repository';

/** The VNFD an operation moves the instance to, when it names one other than the instance's: a change of package, or a PATCH of vnfdId (SOL 003 §5.5.2.12). */
export function movesToVnfdId(operation: LcmOperationRequest['operation'], params: unknown, instance: VnfInstance): string | undefined {
  const vnfdId =
    operation === 'CHANGE_VNFPKG'
      ? (params as ChangeCurrentVnfPkgRequest).vnfdId
      : operation === 'MODIFY_INFO'
        ? (params as VnfInfoModificationRequest).vnfdId
        : undefined;
  return vnfdId !== undefined && vnfdId !== instance.vnfdId ? vnfdId : undefined;
}

/**
 * SOL 005 §9.5.4.5 usageState across an operation that moves an instance to
 * another package: the new package was marked in use when the operation
 * started (it cannot be deleted under it); once the operation ends
 * (completed, rolled back or failed) the package the instance runs is in use
 * by it and every other one it held is released. A crash in between leaves
 * the other one marked until the next such operation settles it.
 */
@Injectable()
export class PackageUsage {
  constructor(
    private readonly packages: VnfPackagesClient,
    private readonly instances: VnfInstanceRepository,
  ) {}

  async settle(opOcc: VnfLcmOpOcc): Promise<void> {
    if (
      opOcc.operation !== 'CHANGE_VNFPKG' &&
      !(opOcc.operation === 'MODIFY_INFO' && (opOcc.operationParams as VnfInfoModificationRequest).vnfdId)
    )
      return;
    const instance = await this.instances.load(opOcc.vnfInstanceId);
    if (!instance || instance.deleted) return;
    await this.packages.settleUsage(instance.id, instance);
  }
}
