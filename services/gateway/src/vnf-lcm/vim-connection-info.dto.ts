import { AppError } from '@vnfm/contracts';
import type { VimConnectionRef } from '@vnfm/lcm-domain';
import { VIM_CONNECTION_TYPES } from '@vnfm/vim-domain';
import { invalidRequestBody, IsJsonObject, IsText, Optional } from './lcm-dto.rules';

/** ETSI GS NFV-SOL 003 v3.3.1 §4.4.1.6 VimConnectionInfo: one value of the v2 map, keyed by its id. */
export class VimConnectionInfoDto {
  @Optional()
  @IsText()
  vimId?: string;

  @IsText()
  vimType!: string;

  @Optional()
  @IsJsonObject()
  interfaceInfo?: Record<string, unknown>;

  @Optional()
  @IsJsonObject()
  accessInfo?: Record<string, unknown>;

  @Optional()
  @IsJsonObject()
  extra?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 v2.6.1 §4.4.1.6: an entry of the v1 array, carrying its id. */
export class VimConnectionInfoV1Dto extends VimConnectionInfoDto {
  @IsText()
  id!: string;
}

/** An entry that came with interfaceInfo or accessInfo: usable only if its vimId names a registered VIM. */
export interface InlineVimEntry {
  path: string;
  vimId: string;
}

export interface VimConnectionRefs {
  refs: Record<string, VimConnectionRef>;
  inline: InlineVimEntry[];
}

/** Tacker's v1 API names VIM types as its VIM registry does (`openstack`, `kubernetes`); the registry resolves the ETSI NFV names v2 uses. */
const etsiVimType = (vimType: string) => (Object.hasOwn(VIM_CONNECTION_TYPES, vimType) ? VIM_CONNECTION_TYPES[vimType as keyof typeof VIM_CONNECTION_TYPES] : vimType);

/**
 * vimConnectionInfo as references to the VIM registry, keyed by connection
 * id (the v1 array becomes the v2 map, its VIM types the ETSI names).
 * Credentials live only in the registry, sealed, so they never enter an LCM
 * event: an entry's own interfaceInfo, accessInfo and extra are not used,
 * and an entry with credentials but no vimId is refused (422) with the way out.
 */
export function toVimConnectionRefs(given: VimConnectionInfoV1Dto[] | Record<string, VimConnectionInfoDto>): VimConnectionRefs {
  const entries: [string, string, VimConnectionInfoDto][] = Array.isArray(given)
    ? given.map((entry, index) => [entry.id, `vimConnectionInfo[${index}]`, { ...entry, vimType: etsiVimType(entry.vimType) }])
    : Object.entries(given).map(([id, entry]) => [id, `vimConnectionInfo.${id}`, entry]);
  const refs = new Map<string, VimConnectionRef>();
  const inline: InlineVimEntry[] = [];
  for (const [id, path, { vimId, vimType, interfaceInfo, accessInfo }] of entries) {
    if (refs.has(id)) throw invalidRequestBody(`vimConnectionInfo has the id ${id} more than once.`);
    const withCredentials = interfaceInfo !== undefined || accessInfo !== undefined;
    if (vimId === undefined) throw withCredentials ? vimNotRegistered(path) : invalidRequestBody(`${path}.vimId is required: name a VIM registered with 'openstack vim register'.`);
    if (withCredentials) inline.push({ path, vimId });
    refs.set(id, { vimId, vimType });
  }
  return { refs: Object.fromEntries(refs), inline };
}

/** The refusal of connection data given inline for a VIM the registry does not know; it names the entry, never its content. */
export const vimNotRegistered = (path: string, vimId?: string) =>
  new AppError(
    'VIM_NOT_REGISTERED',
    422,
    'Unprocessable Entity',
    `${path} carries interfaceInfo/accessInfo${vimId === undefined ? ' without a vimId' : ` for VIM ${vimId}, which is not registered`}. ` +
      'This VNF Manager takes VIM credentials only from its VIM registry: register the VIM first ' +
      "('openstack vim register --config-file <vim-config.yaml> <name>') and refer to it by its vimId.",
  );
