import { Module } from '@nestjs/common';
import { PackageTemplatesClient } from './bus/package-templates.client';
import { VimConnectionsClient } from './bus/vim-connections.client';
import { KeystoneTokens } from './openstack/keystone-tokens';
import { HeatStackRepository } from './records/heat-stack.repository';
import { InfraStepRepository } from './records/infra-step.repository';
import { RunStepController } from './run-step.controller';
import { OpenStepsProjection } from './steps/open-steps.projection';
import { StepExecutor } from './steps/step-executor';
import { StepResultSender } from './steps/step-result.sender';
import { StepRunner } from './steps/step-runner';

/**
 * Composition root of the openstack-driver service: runs the infra steps of
 * LCM operations on OpenStack (Keystone v3, Heat, Nova), one Heat stack per
 * VNF instance from the flavour's BaseHOT. Its own store keeps each step's
 * acceptance and outcome (`infraStep-*`) and each instance's stack
 * definition (`heatStack-*`); the pure logic is in @vnfm/openstack-heat.
 */
@Module({
  controllers: [RunStepController],
  providers: [InfraStepRepository, HeatStackRepository, OpenStepsProjection, VimConnectionsClient, PackageTemplatesClient, KeystoneTokens, StepExecutor, StepResultSender, StepRunner],
})
export class OpenstackDriverModule {}
