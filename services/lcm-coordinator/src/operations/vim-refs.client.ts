import { Inject, Injectable } from '@nestjs/common';
import { unprocessableLcmRequest, type VimConnectionRef } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VIM_REGISTRY_MESSAGES, type ResolveVimConnectionInfoReply, type ResolveVimConnectionInfoRequest } from '@vnfm/vim-domain';

/**
 * The VIMs an instantiation will use, as references: the registry checks
 * that each named VIM exists (or finds the tenant's default one) and only
 * `vimId` and `vimType` are kept, so no credential enters an LCM event.
 */
@Injectable()
export class VimRefsClient {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  async resolve(requested: Record<string, VimConnectionRef> | undefined): Promise<Record<string, VimConnectionRef>> {
    const request: ResolveVimConnectionInfoRequest = { vimConnectionInfo: requested };
    const reply = await this.runtime.bus.request<ResolveVimConnectionInfoReply>(VIM_REGISTRY_MESSAGES.resolveVimConnectionInfo, request);
    const refs: Record<string, VimConnectionRef> = {};
    for (const [id, info] of Object.entries(reply.vimConnectionInfo)) {
      if (!info.vimId) throw unprocessableLcmRequest('VIM_NOT_REGISTERED', `vimConnectionInfo ${id} names no registered VIM; register the VIM first and refer to it by vimId.`);
      refs[id] = { vimId: info.vimId, vimType: info.vimType };
    }
    return refs;
  }
}
