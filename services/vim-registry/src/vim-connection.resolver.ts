import type { Logger } from '@vnfm/telemetry';
import {
  invalidVimConnectionInfo,
  noDefaultVim,
  parseVimConnectionInfo,
  registryTypeOf,
  toVimConnectionInfo,
  vimNotFound,
  type ResolveVimConnectionInfoReply,
  type ResolveVimConnectionInfoRequest,
  type VimConnectionInfo,
  type VimConnectionRequest,
  type VimRecord,
} from '@vnfm/vim-domain';
import type { VimDirectory } from './vim-directory.projection';
import type { VimSecrets } from './vim-secrets';

/**
 * Answers `vim-registry.resolveVimConnectionInfo` for the LCM coordinator:
 * SOL003 vimConnectionInfo with the access info opened, from the registry
 * (by vimId, or the tenant's default VIM) or checked inline entries. The
 * answer goes to internal services over the bus only; only ids are logged.
 */
export class VimConnectionResolver {
  constructor(
    private readonly directory: VimDirectory,
    private readonly secrets: VimSecrets,
    private readonly logger: Logger,
  ) {}

  async resolve(request: ResolveVimConnectionInfoRequest, principal: string): Promise<ResolveVimConnectionInfoReply> {
    const tenantId = request.tenantId ?? principal;
    const given = request.vimConnectionInfo;
    const resolved: Record<string, VimConnectionInfo> = {};
    if (given === undefined || given === null || Object.keys(given).length === 0) {
      // Tacker v2: without vimConnectionInfo the tenant's default VIM is used, under the key "default".
      const vim = this.directory.defaultOf(tenantId);
      if (!vim) throw noDefaultVim(tenantId);
      resolved.default = await this.fromRegistry(vim);
    } else {
      const parsed = parseVimConnectionInfo(given);
      if (!parsed.ok) throw invalidVimConnectionInfo(parsed.problems);
      for (const [id, entry] of Object.entries(parsed.value)) resolved[id] = await this.resolveEntry(id, entry);
    }
    this.logger.info({ tenantId, entries: Object.fromEntries(Object.entries(resolved).map(([id, info]) => [id, info.vimId ?? 'inline'])) }, 'vimConnectionInfo resolved');
    return { vimConnectionInfo: resolved };
  }

  private async resolveEntry(id: string, entry: VimConnectionRequest): Promise<VimConnectionInfo> {
    if (entry.kind === 'inline') return entry.info;
    const vim = this.directory.get(entry.vimId);
    if (!vim) throw vimNotFound(entry.vimId);
    if (entry.vimType !== undefined && registryTypeOf(entry.vimType) !== vim.type) {
      throw invalidVimConnectionInfo([`vimConnectionInfo.${id}.vimType ${entry.vimType} does not fit VIM ${vim.id}, which is a ${vim.type} VIM.`]);
    }
    const info = await this.fromRegistry(vim);
    return { ...info, vimType: entry.vimType ?? info.vimType, extra: { ...info.extra, ...entry.extra } };
  }

  private async fromRegistry(vim: VimRecord): Promise<VimConnectionInfo> {
    return toVimConnectionInfo(vim, await this.secrets.open(vim.id, vim.sealedSecrets));
  }
}
