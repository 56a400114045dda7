import { Injectable } from '@nestjs/common';
import type { HookContext, StepCommand } from '@vnfm/contracts';
import { hookContextOf, hookVnfdIdOf, instantiationParamsOf } from '@vnfm/lcm-domain';
import { VnfPackagesClient } from '../instances/vnf-packages.client';
import { VnfInstanceRepository } from '../instances/vnf-instance.repository';
import { VnfLcmOpOccRepository } from './vnf-lcm-op-occ.repository';

/**
 * The HookContext of a hook step, built as it is sent: the occurrence and the
 * instance from their streams (so the infra step's result, applied just
 * before, is there with its VNFCs' addresses) and the hook as the VNFD declares it.
 */
@Injectable()
export class HookContexts {
  constructor(
    private readonly opOccs: VnfLcmOpOccRepository,
    private readonly instances: VnfInstanceRepository,
    private readonly packages: VnfPackagesClient,
  ) {}

  async of(command: StepCommand & { request: { action: 'hook'; hook: string } }): Promise<HookContext> {
    const [{ state: opOcc }, instance] = await Promise.all([
      this.opOccs.load(command.vnfLcmOpOccId),
      this.instances.load(command.vnfInstanceId),
    ]);
    if (!opOcc || !instance) throw new Error(`Operation ${command.vnfLcmOpOccId} of VNF instance ${command.vnfInstanceId} is gone.`);
    const vnfd = await this.packages.vnfdModel({ vnfdId: hookVnfdIdOf(opOcc, instance), tenant: instance.tenant });
    const flavourId = instance.instantiatedVnfInfo?.flavourId ?? instantiationParamsOf(instance)?.flavourId;
    const declared = vnfd.flavours.find((flavour) => flavour.flavourId === flavourId)?.lcmOperations[command.request.hook];
    return hookContextOf({ opOcc, hook: command.request.hook, instance, declared });
  }
}
