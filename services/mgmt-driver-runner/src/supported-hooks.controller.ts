import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUPPORTED_HOOKS, type SupportedHooksReply, type SupportedHooksRequest } from '@vnfm/contracts';
import { QUERY } from '@vnfm/messaging';
import { MgmtDriverRegistry } from './drivers/mgmt-driver-registry';

/** `mgmt-driver-runner.supportedHooks`: asked before an operation starts, so a hook no driver runs is refused before anything is made. */
@Controller()
export class SupportedHooksController {
  constructor(private readonly registry: MgmtDriverRegistry) {}

  @MessagePattern(SUPPORTED_HOOKS, QUERY)
  supportedHooks(@Payload() request: SupportedHooksRequest): SupportedHooksReply {
    const artifacts = Array.isArray(request?.artifacts) ? request.artifacts : [];
    return {
      drivers: this.registry.names(),
      answers: artifacts.map(({ hook, artifact }) => {
        const driver = this.registry.find(artifact);
        return driver ? { hook, driver: driver.name } : { hook, reason: this.registry.unmatched(hook, artifact) };
      }),
    };
  }
}
