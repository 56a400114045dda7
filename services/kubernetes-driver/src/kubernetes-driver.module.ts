import { Module, type DynamicModule } from '@nestjs/common';
import { StepHostModule, type StepHandlers } from '@vnfm/step-host';
import { KUBERNETES_STEPS } from './not-built.steps';

const stepHost = (handlers: StepHandlers) => StepHostModule.register({ service: 'kubernetes-driver', handlers: { useValue: handlers } });

/** The service composed with other step handlers (see KubernetesDriverModule.withHandlers). */
@Module({})
class ComposedKubernetesDriverModule {}

/**
 * Composition root of the kubernetes-driver service: the step host with
 * handlers that fail each infra action with KUBERNETES_DRIVER_NOT_AVAILABLE
 * until the Kubernetes infra driver is built.
 */
@Module({ imports: [stepHost(KUBERNETES_STEPS)] })
export class KubernetesDriverModule {
  static withHandlers(handlers: StepHandlers): DynamicModule {
    return { module: ComposedKubernetesDriverModule, imports: [stepHost(handlers)] };
  }
}
