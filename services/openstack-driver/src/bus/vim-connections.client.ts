import { Inject, Injectable } from '@nestjs/common';
import { AppError, type RunStepMessage } from '@vnfm/contracts';
import { keystoneAccessOf, type KeystoneAccess } from '@vnfm/openstack-heat';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import {
  registryTypeOf,
  VIM_REGISTRY_MESSAGES,
  type ResolveVimConnectionInfoReply,
  type ResolveVimConnectionInfoRequest,
} from '@vnfm/vim-domain';

/** The OpenStack VIM of a step: its key in the instance's vimConnectionInfo and its Keystone credentials (memory only). */
export interface OpenStackVim {
  vimConnectionId: string;
  access: KeystoneAccess;
}

/**
 * Opens the step's VIM through `vim-registry.resolveVimConnectionInfo`: the
 * message carries references only, the registry answers with the secrets,
 * which stay in this step's memory and are never logged or stored.
 */
@Injectable()
export class VimConnectionsClient {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  async openStackVim(message: RunStepMessage): Promise<OpenStackVim> {
    const entry = Object.entries(message.vimConnectionInfo).find(([, ref]) => registryTypeOf(ref.vimType) === 'openstack');
    if (!entry)
      throw new AppError(
        'NO_OPENSTACK_VIM',
        422,
        'Unprocessable Entity',
        `Step ${message.name} of VNF instance ${message.vnfInstanceId} names no ETSINFV.OPENSTACK_KEYSTONE.V_3 VIM.`,
      );
    const [vimConnectionId, ref] = entry;
    const request: ResolveVimConnectionInfoRequest = {
      vimConnectionInfo: { [vimConnectionId]: { vimId: ref.vimId, vimType: ref.vimType } },
    };
    const reply = await this.runtime.bus.request<ResolveVimConnectionInfoReply>(VIM_REGISTRY_MESSAGES.resolveVimConnectionInfo, request, {
      key: message.vnfInstanceId,
    });
    return { vimConnectionId, access: keystoneAccessOf(reply.vimConnectionInfo[vimConnectionId]) };
  }
}
