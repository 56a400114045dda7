import { Controller, Inject } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { QUERY, type BusContext } from '@vnfm/messaging';
import {
  applyVimListQuery,
  parseVimListQuery,
  VIM_REGISTRY_MESSAGES,
  vimNotFound,
  type ListVimsMessage,
  type RegisterVimMessage,
  type ResolveVimConnectionInfoReply,
  type ResolveVimConnectionInfoRequest,
  type ResolveVimRefsReply,
  type UpdateVimMessage,
  type VimIdMessage,
  type VimListReply,
  type VimReply,
} from '@vnfm/vim-domain';
import { VimRegistry } from './vim-registry';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The registry's commands and queries on the bus; the work is done by VimRegistry's parts. */
@Controller()
export class VimRegistryController {
  constructor(@Inject(VimRegistry) private readonly registry: VimRegistry) {}

  @MessagePattern(VIM_REGISTRY_MESSAGES.registerVim)
  async register(@Payload() message: RegisterVimMessage, @Ctx() context: BusContext): Promise<VimReply> {
    return { vim: await this.registry.registration.register(vimIdOf(message), message.body, tenantOf(context.envelope)) };
  }

  @MessagePattern(VIM_REGISTRY_MESSAGES.listVims, QUERY)
  async list(@Payload() message: ListVimsMessage): Promise<VimListReply> {
    return { vims: applyVimListQuery(this.registry.directory.views(), parseVimListQuery(message?.query ?? {})) };
  }

  @MessagePattern(VIM_REGISTRY_MESSAGES.getVim, QUERY)
  async get(@Payload() message: VimIdMessage): Promise<VimReply> {
    const vimId = vimIdOf(message);
    const vim = this.registry.directory.get(vimId);
    if (!vim) throw vimNotFound(vimId);
    return { vim: this.registry.directory.view(vim) };
  }

  @MessagePattern(VIM_REGISTRY_MESSAGES.updateVim)
  async update(@Payload() message: UpdateVimMessage): Promise<VimReply> {
    return { vim: await this.registry.registration.update(vimIdOf(message), message.body) };
  }

  @MessagePattern(VIM_REGISTRY_MESSAGES.deleteVim)
  async delete(@Payload() message: VimIdMessage): Promise<{ deleted: string }> {
    const vimId = vimIdOf(message);
    await this.registry.registration.delete(vimId);
    return { deleted: vimId };
  }

  /** Internal: the reply holds opened secrets, for the LCM coordinator and the drivers only. */
  @MessagePattern(VIM_REGISTRY_MESSAGES.resolveVimConnectionInfo, QUERY)
  resolve(@Payload() message: ResolveVimConnectionInfoRequest, @Ctx() context: BusContext): Promise<ResolveVimConnectionInfoReply> {
    return this.registry.resolver.resolve(message ?? {}, tenantOf(context.envelope));
  }

  /** Internal: which VIMs an LCM request refers to, as references only (no secret leaves the registry). */
  @MessagePattern(VIM_REGISTRY_MESSAGES.resolveVimRefs, QUERY)
  resolveRefs(@Payload() message: ResolveVimConnectionInfoRequest, @Ctx() context: BusContext): ResolveVimRefsReply {
    return this.registry.resolver.resolveRefs(message ?? {}, tenantOf(context.envelope));
  }
}

/** VIM ids are UUIDs; anything else names no VIM. */
function vimIdOf(message: { vimId?: unknown } | undefined): string {
  const vimId = message?.vimId;
  if (typeof vimId !== 'string' || !UUID.test(vimId)) throw vimNotFound(String(vimId));
  return vimId;
}

/** Whose VIMs a request sees as its default: the tenant it acts in, else its principal (the admin token's `admin`). */
const tenantOf = (envelope: { principal: string; tenant?: string }): string => envelope.tenant ?? envelope.principal;
