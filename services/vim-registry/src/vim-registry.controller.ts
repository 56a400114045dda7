import { Controller, Inject } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { confinedTo, QUERY, type BusContext } from '@vnfm/messaging';
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
import { scopeOf } from './vim-scope';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The registry's commands and queries on the bus; the work is done by
 * VimRegistry's parts. Each request sees only the VIMs of the tenant it is
 * confined to (all of them when it is not): another tenant's VIM answers
 * 404 VIM_NOT_FOUND, as an absent one, and is in no list.
 */
@Controller()
export class VimRegistryController {
  constructor(@Inject(VimRegistry) private readonly registry: VimRegistry) {}

  @MessagePattern(VIM_REGISTRY_MESSAGES.registerVim)
  async register(@Payload() message: RegisterVimMessage, @Ctx() context: BusContext): Promise<VimReply> {
    return { vim: await this.registry.registration.register(vimIdOf(message), message.body, scopeOf(context.envelope)) };
  }

  /** Only visible VIMs are filtered: a filter on another tenant's tenant_id finds nothing. */
  @MessagePattern(VIM_REGISTRY_MESSAGES.listVims, QUERY)
  async list(@Payload() message: ListVimsMessage, @Ctx() context: BusContext): Promise<VimListReply> {
    const views = this.registry.directory.views(confinedTo(context.envelope));
    return { vims: applyVimListQuery(views, parseVimListQuery(message?.query ?? {})) };
  }

  @MessagePattern(VIM_REGISTRY_MESSAGES.getVim, QUERY)
  async get(@Payload() message: VimIdMessage, @Ctx() context: BusContext): Promise<VimReply> {
    const vimId = vimIdOf(message);
    const vim = this.registry.directory.visible(vimId, confinedTo(context.envelope));
    if (!vim) throw vimNotFound(vimId);
    return { vim: this.registry.directory.view(vim) };
  }

  @MessagePattern(VIM_REGISTRY_MESSAGES.updateVim)
  async update(@Payload() message: UpdateVimMessage, @Ctx() context: BusContext): Promise<VimReply> {
    return { vim: await this.registry.registration.update(vimIdOf(message), message.body, confinedTo(context.envelope)) };
  }

  @MessagePattern(VIM_REGISTRY_MESSAGES.deleteVim)
  async delete(@Payload() message: VimIdMessage, @Ctx() context: BusContext): Promise<{ deleted: string }> {
    const vimId = vimIdOf(message);
    await this.registry.registration.delete(vimId, confinedTo(context.envelope));
    return { deleted: vimId };
  }

  /** Internal: the reply holds opened secrets, for the LCM coordinator and the drivers only. */
  @MessagePattern(VIM_REGISTRY_MESSAGES.resolveVimConnectionInfo, QUERY)
  resolve(@Payload() message: ResolveVimConnectionInfoRequest, @Ctx() context: BusContext): Promise<ResolveVimConnectionInfoReply> {
    return this.registry.resolver.resolve(message ?? {}, scopeOf(context.envelope, message?.tenant));
  }

  /** Internal: which VIMs an LCM request refers to, as references only (no secret leaves the registry). */
  @MessagePattern(VIM_REGISTRY_MESSAGES.resolveVimRefs, QUERY)
  resolveRefs(@Payload() message: ResolveVimConnectionInfoRequest, @Ctx() context: BusContext): ResolveVimRefsReply {
    return this.registry.resolver.resolveRefs(message ?? {}, scopeOf(context.envelope, message?.tenant));
  }
}

/** VIM ids are UUIDs; anything else names no VIM. */
function vimIdOf(message: { vimId?: unknown } | undefined): string {
  const vimId = message?.vimId;
  if (typeof vimId !== 'string' || !UUID.test(vimId)) throw vimNotFound(String(vimId));
  return vimId;
}
