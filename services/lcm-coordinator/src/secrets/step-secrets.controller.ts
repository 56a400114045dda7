import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError, OPEN_STEP_SECRETS, type OpenStepSecretsMessage, type OpenStepSecretsReply } from '@vnfm/contracts';
import { QUERY } from '@vnfm/messaging';
import { RequestSecrets } from './request-secrets.service';
import { RunningSteps } from './running-step';

// RFC 6901: '' or a sequence of '/'-prefixed reference tokens.
const POINTER = /^(?:\/[^/]*)*$/;

/**
 * Opens sealed request secrets for the one step that needs them, in memory:
 * only while `stepId` is the running step of the instance's operation in
 * progress (read from the streams, not the read models, so a step just sent
 * is found). A QUERY: the reply is never kept in the inbox.
 */
@Controller()
export class StepSecretsController {
  constructor(
    private readonly running: RunningSteps,
    private readonly secrets: RequestSecrets,
  ) {}

  @MessagePattern(OPEN_STEP_SECRETS, QUERY)
  async open(@Payload() message: OpenStepSecretsMessage): Promise<OpenStepSecretsReply> {
    const vnfInstanceId = String(message?.vnfInstanceId);
    const stepId = String(message?.stepId);
    const root = message?.root ?? '';
    if (typeof root !== 'string' || root.length > 1024 || !POINTER.test(root)) {
      throw new AppError(
        'INVALID_STEP_SECRETS_REQUEST',
        400,
        'Bad Request',
        'root must be a JSON Pointer (RFC 6901) into the LCM request body, e.g. /additionalParams.',
      );
    }
    await this.running.require(vnfInstanceId, stepId, 'step', ": only that step may open its request's secrets");
    return { value: await this.secrets.open(vnfInstanceId, message.value, root) };
  }
}
