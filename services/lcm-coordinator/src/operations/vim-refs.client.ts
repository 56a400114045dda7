import { Inject, Injectable } from '@nestjs/common';
import type { VimConnectionRef } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VIM_REGISTRY_MESSAGES, type ResolveVimConnectionInfoRequest, type ResolveVimRefsReply } from '@vnfm/vim-domain';

/**
 * The VIMs an instantiation will use, as references: the registry checks
 * that each named VIM exists (or finds the tenant's default one) and answers
 * with `vimId`, `vimType` and `extra` only (`resolveVimRefs`), so no
 * credential is opened for the coordinator or enters an LCM event; inline
 * credentials are refused there (422). The VIMs are the instance's tenant's.
 */
@Injectable()
export class VimRefsClient {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  /** `tenant`: the instance's, whose VIMs (and default VIM) to use; a confined request is held to its own anyway. */
  async resolve(
    requested: Record<string, VimConnectionRef> | undefined,
    tenant: string | undefined,
  ): Promise<Record<string, VimConnectionRef>> {
    const request: ResolveVimConnectionInfoRequest = { vimConnectionInfo: requested, ...(tenant !== undefined && { tenant }) };
    const reply = await this.runtime.bus.request<ResolveVimRefsReply>(VIM_REGISTRY_MESSAGES.resolveVimRefs, request);
    return reply.vimConnectionInfo;
  }
}
