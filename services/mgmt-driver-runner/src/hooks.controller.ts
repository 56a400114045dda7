import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError, runStepMessageType, type RunStepMessage, type RunStepReply } from '@vnfm/contracts';

/**
 * Management hooks (`<op>_start` / `<op>_end` of the VNFD's Vnflcm interface).
 * No MgmtDriver is installed in this runner yet, so a declared hook is
 * refused with a clear reason: the operation stops at that step in
 * FAILED_TEMP, where it can be rolled back or failed (SOL 003 §5.4.1.2).
 */
@Controller()
export class HooksController {
  @MessagePattern(runStepMessageType('mgmt-driver-runner'))
  runStep(@Payload() message: RunStepMessage): RunStepReply {
    const hook = message.request.action === 'hook' ? message.request.hook : message.name;
    throw new AppError(
      'MGMT_DRIVER_NOT_AVAILABLE',
      422,
      'Unprocessable Entity',
      `The VNFD declares the ${hook} hook for this operation, but no MgmtDriver is available to run it in this VNF Manager.`,
    );
  }
}
