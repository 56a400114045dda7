import { Inject, Injectable } from '@nestjs/common';
import { AppError, type RunStepMessage, type VimConnectionRef } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import {
  registryTypeOf,
  VIM_CONNECTION_TYPES,
  VIM_REGISTRY_MESSAGES,
  type ResolveVimConnectionInfoReply,
  type ResolveVimConnectionInfoRequest,
  type VimConnectionInfo,
  type VimType,
} from '@vnfm/vim-domain';

/** A step's VIM: its key in the instance's vimConnectionInfo, its reference, and its connection info with the secrets opened (memory only). */
export interface StepVim {
  vimConnectionId: string;
  ref: VimConnectionRef;
  info: VimConnectionInfo;
}

/**
 * Opens a step's VIM through `vim-registry.resolveVimConnectionInfo`: the
 * message carries references only, the registry answers with the secrets,
 * which stay in the step's memory and are never logged or stored.
 */
@Injectable()
export class VimConnectionsClient {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  /** The step's VIM of the registry type `type` (422 `NO_<TYPE>_VIM` when it names none); `refuse` may throw for a reference before anything is asked. */
  async stepVim(message: RunStepMessage, type: VimType, refuse?: (ref: VimConnectionRef) => void): Promise<StepVim> {
    const entry = Object.entries(message.vimConnectionInfo).find(([, ref]) => registryTypeOf(ref.vimType) === type);
    if (!entry)
      throw new AppError(
        `NO_${type.toUpperCase()}_VIM`,
        422,
        'Unprocessable Entity',
        `Step ${message.name} of VNF instance ${message.vnfInstanceId} names no ${VIM_CONNECTION_TYPES[type]} VIM.`,
      );
    const [vimConnectionId, ref] = entry;
    refuse?.(ref);
    const request: ResolveVimConnectionInfoRequest = {
      vimConnectionInfo: { [vimConnectionId]: { vimId: ref.vimId, vimType: ref.vimType } },
    };
    const reply = await this.runtime.bus.request<ResolveVimConnectionInfoReply>(VIM_REGISTRY_MESSAGES.resolveVimConnectionInfo, request, {
      key: message.vnfInstanceId,
    });
    return { vimConnectionId, ref, info: reply.vimConnectionInfo[vimConnectionId] };
  }
}
