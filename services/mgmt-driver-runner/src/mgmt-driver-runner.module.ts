import { Module } from '@nestjs/common';
import { StepHostModule } from '@vnfm/step-host';
import { runHook } from './hook.step';

/**
 * Composition root of the mgmt-driver-runner service: runs (or refuses) the VNFD's management hooks as steps of the step host;
 * a hook open when the runner stopped fails as interrupted instead of running its script twice.
 */
@Module({ imports: [StepHostModule.register({ service: 'mgmt-driver-runner', handlers: { useValue: { hook: runHook } }, resume: 'fail' })] })
export class MgmtDriverRunnerModule {}
