import { Injectable } from '@nestjs/common';
import type { VnfLcmOpOcc } from '@vnfm/lcm-domain';
import { VnfPackagesClient } from '../instances/vnf-packages.client';
import { VnfInstanceRepository } from '../vnf-instance.repository';

/**
 * SOL 005 §9.5.4.5 usageState across a change of current VNF package: the
 * new package was marked in use when the operation started; once it ends
 * (completed, rolled back or failed) the package the instance runs is in use
 * by it and the other one is not. A crash in between leaves the other one
 * marked until the next change; the catalog then refuses to delete it.
 */
@Injectable()
export class PackageUsage {
  constructor(
    private readonly packages: VnfPackagesClient,
    private readonly instances: VnfInstanceRepository,
  ) {}

  async settle(opOcc: VnfLcmOpOcc): Promise<void> {
    const change = opOcc.plan.find((step) => step.request.action === 'change_vnfpkg')?.request;
    if (change?.action !== 'change_vnfpkg' || change.target.vnfdId === change.previous.vnfdId) return;
    const instance = await this.instances.load(opOcc.vnfInstanceId);
    if (!instance) return;
    for (const vnfdId of [change.target.vnfdId, change.previous.vnfdId]) await this.packages.markUsage(vnfdId, instance.id, vnfdId === instance.vnfdId);
  }
}
