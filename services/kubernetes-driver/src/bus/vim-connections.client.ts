import { Inject, Injectable } from '@nestjs/common';
import { AppError, type RunStepMessage } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import {
  registryTypeOf,
  VIM_CONNECTION_TYPES,
  VIM_REGISTRY_MESSAGES,
  type ResolveVimConnectionInfoReply,
  type ResolveVimConnectionInfoRequest,
  type VimConnectionInfo,
} from '@vnfm/vim-domain';

/** The Kubernetes VIM of a step: its key in the instance's vimConnectionInfo and its connection info, secrets opened (memory only). */
export interface KubernetesVim {
  vimConnectionId: string;
  info: VimConnectionInfo;
}

/**
 * Opens the step's Kubernetes VIM through `vim-registry.resolveVimConnectionInfo`:
 * the message carries references only, the registry answers with the
 * credentials, which stay in this step's memory and are never logged or stored.
 */
@Injectable()
export class VimConnectionsClient {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  async kubernetesVim(message: RunStepMessage): Promise<KubernetesVim> {
    const entry = Object.entries(message.vimConnectionInfo).find(([, ref]) => registryTypeOf(ref.vimType) === 'kubernetes');
    if (!entry)
      throw new AppError(
        'NO_KUBERNETES_VIM',
        422,
        'Unprocessable Entity',
        `Step ${message.name} of VNF instance ${message.vnfInstanceId} names no ETSINFV.KUBERNETES.V_1 VIM.`,
      );
    const [vimConnectionId, ref] = entry;
    if (ref.vimType === VIM_CONNECTION_TYPES.helm) {
      throw new AppError(
        'KUBERNETES_DRIVER_NOT_AVAILABLE',
        422,
        'Unprocessable Entity',
        `The Kubernetes infra driver does not deploy Helm charts yet (${VIM_CONNECTION_TYPES.helm} VIM ${ref.vimId}): only Kubernetes manifests on an ${VIM_CONNECTION_TYPES.kubernetes} VIM.`,
      );
    }
    const request: ResolveVimConnectionInfoRequest = {
      vimConnectionInfo: { [vimConnectionId]: { vimId: ref.vimId, vimType: ref.vimType } },
    };
    const reply = await this.runtime.bus.request<ResolveVimConnectionInfoReply>(VIM_REGISTRY_MESSAGES.resolveVimConnectionInfo, request, {
      key: message.vnfInstanceId,
    });
    return { vimConnectionId, info: reply.vimConnectionInfo[vimConnectionId] };
  }
}
