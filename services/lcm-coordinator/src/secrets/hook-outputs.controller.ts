import { isRecord } from '@vnfm/util';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError, SEAL_HOOK_OUTPUTS, type SealHookOutputsReply, type SealHookOutputsRequest } from '@vnfm/contracts';
import { QUERY } from '@vnfm/messaging';
import { HookOutputsSealer } from './hook-outputs.sealer';

/** `lcm-coordinator.sealHookOutputs`: the running hook's outputs sealed before the runner records or reports them. A QUERY: never kept in the inbox. */
@Controller()
export class HookOutputsController {
  constructor(private readonly sealer: HookOutputsSealer) {}

  @MessagePattern(SEAL_HOOK_OUTPUTS, QUERY)
  async seal(@Payload() request: SealHookOutputsRequest): Promise<SealHookOutputsReply> {
    if (!isRecord(request?.outputs)) throw new AppError('INVALID_HOOK_OUTPUTS', 400, 'Bad Request', 'outputs must be a JSON object.');
    return { outputs: await this.sealer.sealForRunningHook(String(request.vnfInstanceId), String(request.stepId), request.outputs) };
  }
}
