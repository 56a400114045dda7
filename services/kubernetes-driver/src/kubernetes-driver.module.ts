import { stepSecretsOpener } from '@vnfm/contracts';
import { Module, type DynamicModule } from '@nestjs/common';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VimConnectionsClient, PackageCatalogClient, StepHostModule, type ProviderOf, type StepHandlers } from '@vnfm/step-host';
import { KubernetesSteps } from './steps/kubernetes-steps';

const stepHost = (handlers: ProviderOf<StepHandlers>) =>
  StepHostModule.register({
    service: 'kubernetes-driver',
    providers: [VimConnectionsClient, PackageCatalogClient, KubernetesSteps],
    handlers,
    // Sealed request secrets are opened by the coordinator for the running step only.
    secrets: { useFactory: (runtime: ServiceRuntime) => stepSecretsOpener(runtime.bus), inject: [SERVICE_RUNTIME] },
  });

/** The service composed with other step handlers (see KubernetesDriverModule.withHandlers). */
@Module({})
class ComposedKubernetesDriverModule {}

/**
 * Composition root of the kubernetes-driver service: runs the infra steps of
 * CNF LCM operations on a Kubernetes VIM under the step host (instantiate and
 * terminate, scale and heal; change_ext_conn fails saying it is not built).
 * The pure logic (manifests, labels, order, readiness) is in @vnfm/kubernetes-manifests.
 */
@Module({ imports: [stepHost({ useFactory: (steps: KubernetesSteps) => steps.handlers(), inject: [KubernetesSteps] })] })
export class KubernetesDriverModule {
  /** The service with other step handlers in place of its own (tests of the step protocol). */
  static withHandlers(handlers: StepHandlers): DynamicModule {
    return { module: ComposedKubernetesDriverModule, imports: [stepHost({ useValue: handlers })] };
  }
}
