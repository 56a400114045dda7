import { Module } from '@nestjs/common';
import { StepHostModule } from '@vnfm/step-host';
import { describeStepProtocolConformance } from '@vnfm/step-host/testing';
import { MgmtDriverRunnerModule } from './mgmt-driver-runner.module';

/**
 * The runner's step host as the runner mounts it (resume: 'fail', a hook is
 * never run twice unattended) with recording handlers, since a hook's own
 * handler ends as soon as its MgmtDriver does; as it ships, a hook step
 * without a driver to run it fails with a 422.
 */
describeStepProtocolConformance({
  service: 'mgmt-driver-runner',
  action: { action: 'hook', hook: 'instantiate_end' },
  module: (handlers) => {
    @Module({ imports: [StepHostModule.register({ service: 'mgmt-driver-runner', handlers: { useValue: handlers }, resume: 'fail' })] })
    class RecordingRunnerModule {}
    return RecordingRunnerModule;
  },
  resume: 'fail',
  own: { module: MgmtDriverRunnerModule, outcome: { status: 'FAILED', error: { status: 422 } } },
});
