import { stepSecretsOpener } from '@vnfm/contracts';
import { Module, type DynamicModule } from '@nestjs/common';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VimConnectionsClient, PackageCatalogClient, StepHostModule, type ProviderOf, type StepHandlers } from '@vnfm/step-host';
import { KeystoneTokens } from './openstack/keystone-tokens';
import { HeatStackRepository } from './records/heat-stack.repository';
import { OpenStackSteps } from './steps/openstack-steps';

const stepHost = (handlers: ProviderOf<StepHandlers>) =>
  StepHostModule.register({
    service: 'openstack-driver',
    providers: [HeatStackRepository, VimConnectionsClient, PackageCatalogClient, KeystoneTokens, OpenStackSteps],
    handlers,
    // Sealed request secrets are opened by the coordinator for the running step only.
    secrets: { useFactory: (runtime: ServiceRuntime) => stepSecretsOpener(runtime.bus), inject: [SERVICE_RUNTIME] },
  });

/** The service composed with other step handlers (see OpenstackDriverModule.withHandlers). */
@Module({})
class ComposedOpenstackDriverModule {}

/**
 * Composition root of the openstack-driver service: runs the infra steps of
 * LCM operations on OpenStack (Keystone v3, Heat, Nova), one Heat stack per
 * VNF instance from the flavour's BaseHOT, under the step host (which keeps
 * each step's acceptance and outcome, `infraStep-*`). Its own store also
 * keeps each instance's stack definition (`heatStack-*`); the pure logic is
 * in @vnfm/openstack-heat.
 */
@Module({ imports: [stepHost({ useFactory: (steps: OpenStackSteps) => steps.handlers(), inject: [OpenStackSteps] })] })
export class OpenstackDriverModule {
  /** The service with other step handlers in place of its Heat ones (tests of the step protocol). */
  static withHandlers(handlers: StepHandlers): DynamicModule {
    return { module: ComposedOpenstackDriverModule, imports: [stepHost({ useValue: handlers })] };
  }
}
