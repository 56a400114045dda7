import 'reflect-metadata';
import type { ServiceName } from '@vnfm/contracts';
import { bootstrap, startBackendService, type RunningService } from '@vnfm/platform';
import { startGateway } from '@vnfm/service-gateway';
import { KubernetesDriverModule } from '@vnfm/service-kubernetes-driver';
import { LcmCoordinatorModule } from '@vnfm/service-lcm-coordinator';
import { MgmtDriverRunnerModule } from '@vnfm/service-mgmt-driver-runner';
import { OpenstackDriverModule } from '@vnfm/service-openstack-driver';
import { PackageCatalogModule } from '@vnfm/service-package-catalog';
import { VimRegistryModule } from '@vnfm/service-vim-registry';

/**
 * All seven services in one process: the same service code as the
 * distributed mode, with the in-process bus and one embedded event store per
 * service unless configured otherwise.
 */
const backends: [ServiceName, new () => unknown][] = [
  ['vim-registry', VimRegistryModule],
  ['package-catalog', PackageCatalogModule],
  ['lcm-coordinator', LcmCoordinatorModule],
  ['openstack-driver', OpenstackDriverModule],
  ['kubernetes-driver', KubernetesDriverModule],
  ['mgmt-driver-runner', MgmtDriverRunnerModule],
];

void bootstrap('vnfm', async (infra) => {
  const running: RunningService[] = [];
  for (const [service, module] of backends) running.push(await startBackendService(service, module, infra));
  const gateway = await startGateway(infra);
  return {
    async close() {
      await gateway.close();
      for (const service of running.reverse()) await service.close();
    },
  };
});
