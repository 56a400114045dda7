import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError, SUPPORTED_HOOKS, type SupportedHooksReply, type SupportedHooksRequest } from '@vnfm/contracts';
import { QUERY } from '@vnfm/messaging';
import type { HookDriver } from './drivers/hook-driver';
import { MgmtDriverRegistry } from './drivers/mgmt-driver-registry';

/** `mgmt-driver-runner.supportedHooks`: asked before an operation starts, so a hook no driver runs, or whose driver refuses the request's parameters, is refused before anything is made. */
@Controller()
export class SupportedHooksController {
  constructor(private readonly registry: MgmtDriverRegistry) {}

  @MessagePattern(SUPPORTED_HOOKS, QUERY)
  async supportedHooks(@Payload() request: SupportedHooksRequest): Promise<SupportedHooksReply> {
    const artifacts = Array.isArray(request?.artifacts) ? request.artifacts : [];
    return {
      drivers: this.registry.names(),
      answers: await Promise.all(
        artifacts.map(async ({ hook, artifact }) => {
          const driver = this.registry.find(artifact);
          if (!driver) return { hook, reason: this.registry.unmatched(hook, artifact) };
          const refused = request.additionalParams ? await refusalOf(driver, hook, request.additionalParams) : undefined;
          return { hook, driver: driver.name, ...(refused && { refused }) };
        }),
      ),
    };
  }
}

/** The driver's 422 for the request's parameters; any other failure of its check is left to the hook itself. */
async function refusalOf(
  driver: HookDriver,
  hook: string,
  additionalParams: Record<string, unknown>,
): Promise<{ code: string; detail: string } | undefined> {
  try {
    await driver.checkParams?.(hook, additionalParams);
    return undefined;
  } catch (error) {
    return error instanceof AppError && error.status === 422 ? { code: error.code, detail: error.detail } : undefined;
  }
}
