import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError, runStepMessageType, type RunStepMessage, type RunStepReply } from '@vnfm/contracts';
import { StepRunner } from './steps/step-runner';

const INFRA_ACTIONS: readonly string[] = ['instantiate', 'scale', 'heal', 'terminate', 'change_ext_conn'];

/** `openstack-driver.runStep`: every infra action of a step; hooks belong to the mgmt-driver-runner. */
@Controller()
export class RunStepController {
  constructor(private readonly runner: StepRunner) {}

  @MessagePattern(runStepMessageType('openstack-driver'))
  runStep(@Payload() message: RunStepMessage): Promise<RunStepReply> {
    const action = message?.request?.action;
    if (typeof message?.stepId !== 'string' || typeof message.vnfInstanceId !== 'string' || !INFRA_ACTIONS.includes(String(action))) {
      throw new AppError('STEP_NOT_RUNNABLE', 422, 'Unprocessable Entity', `openstack-driver runs infra steps (${INFRA_ACTIONS.join(', ')}), not ${String(action)}.`);
    }
    return this.runner.accept(message);
  }
}
