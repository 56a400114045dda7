import { describeStepProtocolConformance } from '@vnfm/step-host/testing';
import { KubernetesDriverModule } from './kubernetes-driver.module';

// The protocol is checked with recording handlers; as it ships, change_ext_conn (not built yet) fails at once saying so.
describeStepProtocolConformance({
  service: 'kubernetes-driver',
  action: { action: 'change_ext_conn', extVirtualLinks: [] },
  module: (handlers) => KubernetesDriverModule.withHandlers(handlers),
  resume: 'run',
  own: {
    module: KubernetesDriverModule,
    outcome: {
      status: 'FAILED',
      error: {
        status: 422,
        title: 'Unprocessable Entity',
        detail:
          'The Kubernetes infra driver does not support change_ext_conn yet: only instantiate, scale, heal, terminate and change_vnfpkg run on a Kubernetes VIM.',
      },
    },
  },
});
