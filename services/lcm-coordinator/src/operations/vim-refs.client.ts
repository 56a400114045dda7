import { Inject, Injectable } from '@nestjs/common';
import { kubernetesVimIdsOf, refuseUnbuiltKubernetesSteps, type PlannedStep, type VimConnectionRef } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VIM_REGISTRY_MESSAGES, type ResolveVimConnectionInfoRequest, type ResolveVimRefsReply, type VimIdMessage, type VimReply } from '@vnfm/vim-domain';

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

  /**
   * Refuses (422) before the operation starts what the Kubernetes infra
   * driver does not do yet (refuseUnbuiltKubernetesSteps); whether a
   * Kubernetes VIM authenticates with OIDC is read from the registry's view
   * of it (`getVim`: its non-secret `auth_cred`, secrets masked).
   */
  async refuseUnbuiltKubernetesSteps(plan: readonly PlannedStep[]): Promise<void> {
    const vimIds = kubernetesVimIdsOf(plan);
    const views = await Promise.all(vimIds.map((vimId) => this.runtime.bus.request<VimReply>(VIM_REGISTRY_MESSAGES.getVim, { vimId } satisfies VimIdMessage)));
    const oidc = new Set(views.filter(({ vim }) => typeof vim.auth_cred['oidc_token_url'] === 'string' && vim.auth_cred['oidc_token_url'] !== '').map(({ vim }) => vim.id));
    refuseUnbuiltKubernetesSteps(plan, oidc);
  }
}
