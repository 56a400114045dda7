import type { DynamicModule, Type } from '@nestjs/common';
import type { ServiceName } from '@vnfm/contracts';
import { startBackendService, type Infrastructure, type RunningService } from '@vnfm/platform';
import { startGateway } from '@vnfm/service-gateway';
import { KubernetesDriverModule } from '@vnfm/service-kubernetes-driver';
import { LcmCoordinatorModule } from '@vnfm/service-lcm-coordinator';
import { MgmtDriverRunnerModule } from '@vnfm/service-mgmt-driver-runner';
import { OpenstackDriverModule } from '@vnfm/service-openstack-driver';
import { PackageCatalogModule } from '@vnfm/service-package-catalog';
import { VimRegistryModule } from '@vnfm/service-vim-registry';

const BACKENDS: [ServiceName, Type<unknown>][] = [
  ['vim-registry', VimRegistryModule],
  ['package-catalog', PackageCatalogModule],
  ['lcm-coordinator', LcmCoordinatorModule],
  ['openstack-driver', OpenstackDriverModule],
  ['kubernetes-driver', KubernetesDriverModule],
  ['mgmt-driver-runner', MgmtDriverRunnerModule],
];

/**
 * All seven services on one infrastructure: the same service code as the
 * distributed mode, with the in-process bus and one embedded event store per
 * service unless configured otherwise. Closes in reverse order. `modules`
 * composes a service differently (e.g. the runner with more MgmtDrivers).
 */
export async function startStandalone(
  infra: Infrastructure,
  modules: Partial<Record<ServiceName, Type<unknown> | DynamicModule>> = {},
): Promise<{ close(): Promise<void> }> {
  const running: RunningService[] = [];
  for (const [service, module] of BACKENDS) running.push(await startBackendService(service, modules[service] ?? module, infra));
  const gateway = await startGateway(infra);
  return {
    async close() {
      await gateway.close();
      for (const service of running.reverse()) await service.close();
    },
  };
}
