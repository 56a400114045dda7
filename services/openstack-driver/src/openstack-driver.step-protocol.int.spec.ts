import { describeStepProtocolConformance } from '@vnfm/step-host/testing';
import { OpenstackDriverModule } from './openstack-driver.module';

// Recording handlers in place of the Heat ones, which cannot be made to block or never end on demand;
// resume with the real handlers against the simulator is in openstack-driver.recovery.int.spec.ts.
describeStepProtocolConformance({
  service: 'openstack-driver',
  action: { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] },
  module: (handlers) => OpenstackDriverModule.withHandlers(handlers),
  resume: 'run',
});
