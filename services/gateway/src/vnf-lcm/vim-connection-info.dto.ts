import type { VimConnectionRef } from '@vnfm/lcm-domain';
import { inlineVimCredentials, VIM_CONNECTION_TYPES } from '@vnfm/vim-domain';
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

/** Tacker's v1 API names VIM types as its VIM registry does (`openstack`, `kubernetes`); the registry resolves the ETSI NFV names v2 uses. */
const etsiVimType = (vimType: string) =>
  Object.hasOwn(VIM_CONNECTION_TYPES, vimType) ? VIM_CONNECTION_TYPES[vimType as keyof typeof VIM_CONNECTION_TYPES] : vimType;

/**
 * vimConnectionInfo as references to the VIM registry, keyed by connection
 * id (the v1 array becomes the v2 map, its VIM types the ETSI names), with
 * `extra` as given (e.g. a Kubernetes namespace). Credentials live only in
 * the registry, sealed, so they never enter an LCM event: an entry giving
 * interfaceInfo or accessInfo, with or beside a vimId, is refused (422)
 * naming the entry and the way out, never repeating its content.
 */
export function toVimConnectionRefs(
  given: VimConnectionInfoV1Dto[] | Record<string, VimConnectionInfoDto>,
): Record<string, VimConnectionRef> {
  const entries: [string, string, VimConnectionInfoDto][] = Array.isArray(given)
    ? given.map((entry, index) => [entry.id, `vimConnectionInfo[${index}]`, { ...entry, vimType: etsiVimType(entry.vimType) }])
    : Object.entries(given).map(([id, entry]) => [id, `vimConnectionInfo.${id}`, entry]);
  const refs = new Map<string, VimConnectionRef>();
  for (const [id, path, { vimId, vimType, interfaceInfo, accessInfo, extra }] of entries) {
    if (refs.has(id)) throw invalidRequestBody(`vimConnectionInfo has the id ${id} more than once.`);
    if (interfaceInfo !== undefined || accessInfo !== undefined) throw inlineVimCredentials(path, vimId);
    if (vimId === undefined) throw invalidRequestBody(`${path}.vimId is required: name a VIM registered with 'openstack vim register'.`);
    refs.set(id, { vimId, vimType, ...(extra && { extra }) });
  }
  return Object.fromEntries(refs);
}
