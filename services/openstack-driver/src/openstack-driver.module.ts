import { Module } from '@nestjs/common';
import { StepHostModule } from '@vnfm/step-host';
import { PackageTemplatesClient } from './bus/package-templates.client';
import { VimConnectionsClient } from './bus/vim-connections.client';
import { KeystoneTokens } from './openstack/keystone-tokens';
import { HeatStackRepository } from './records/heat-stack.repository';
import { OpenStackSteps } from './steps/openstack-steps';

/**
 * Composition root of the openstack-driver service: runs the infra steps of
 * LCM operations on OpenStack (Keystone v3, Heat, Nova), one Heat stack per
 * VNF instance from the flavour's BaseHOT, under the step host (which keeps
 * each step's acceptance and outcome, `infraStep-*`). Its own store also
 * keeps each instance's stack definition (`heatStack-*`); the pure logic is
 * in @vnfm/openstack-heat.
 */
@Module({
  imports: [
    StepHostModule.register({
      service: 'openstack-driver',
      providers: [HeatStackRepository, VimConnectionsClient, PackageTemplatesClient, KeystoneTokens, OpenStackSteps],
      handlers: { useFactory: (steps: OpenStackSteps) => steps.handlers(), inject: [OpenStackSteps] },
    }),
  ],
})
export class OpenstackDriverModule {}
