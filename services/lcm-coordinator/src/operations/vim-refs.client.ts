import { Inject, Injectable } from '@nestjs/common';
import type { VimConnectionRef } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VIM_REGISTRY_MESSAGES, type ResolveVimConnectionInfoRequest, type ResolveVimRefsReply } from '@vnfm/vim-domain';

/**
 * The VIMs an instantiation will use, as references: the registry checks
 * that each named VIM exists (or finds the tenant's default one) and answers
 * with `vimId`, `vimType` and `extra` only (`resolveVimRefs`), so no
 * credential is opened for the coordinator or enters an LCM event; inline
 * credentials are refused there (422).
 */
@Injectable()
export class VimRefsClient {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  async resolve(requested: Record<string, VimConnectionRef> | undefined): Promise<Record<string, VimConnectionRef>> {
    const request: ResolveVimConnectionInfoRequest = { vimConnectionInfo: requested };
    const reply = await this.runtime.bus.request<ResolveVimRefsReply>(VIM_REGISTRY_MESSAGES.resolveVimRefs, request);
    return reply.vimConnectionInfo;
  }
}
