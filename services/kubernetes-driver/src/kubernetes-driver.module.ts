import { Module } from '@nestjs/common';
import { StepHostModule } from '@vnfm/step-host';
import { KUBERNETES_STEPS } from './not-built.steps';

/**
 * Composition root of the kubernetes-driver service: the step host with
 * handlers that fail each infra action with KUBERNETES_DRIVER_NOT_AVAILABLE
 * until the Kubernetes infra driver is built.
 */
@Module({ imports: [StepHostModule.register({ service: 'kubernetes-driver', handlers: { useValue: KUBERNETES_STEPS } })] })
export class KubernetesDriverModule {}
