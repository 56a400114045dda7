import type { ChangeExtVnfConnectivityRequest } from '@vnfm/lcm-domain';
import { ExtVirtualLinkDataV1Dto, ExtVirtualLinkDataV2Dto } from './ext-links.dto';
import { IsJsonObject, IsNested, Optional } from './lcm-dto.rules';
import { toVimConnectionRefs, VimConnectionInfoDto, VimConnectionInfoV1Dto } from './vim-connection-info.dto';

/** ETSI GS NFV-SOL 003 v2.6.1 §5.5.2.11 ChangeExtVnfConnectivityRequest (Tacker v1). */
export class ChangeExtVnfConnectivityRequestV1Dto {
  @IsNested(() => ExtVirtualLinkDataV1Dto, 'array', { nonEmpty: true })
  extVirtualLinks!: ExtVirtualLinkDataV1Dto[];

  @Optional()
  @IsNested(() => VimConnectionInfoV1Dto, 'array')
  vimConnectionInfo?: VimConnectionInfoV1Dto[];

  @Optional()
  @IsJsonObject()
  additionalParams?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.11 (Tacker v2): vimConnectionInfo and cpConfig are maps. */
export class ChangeExtVnfConnectivityRequestV2Dto {
  @IsNested(() => ExtVirtualLinkDataV2Dto, 'array', { nonEmpty: true })
  extVirtualLinks!: ExtVirtualLinkDataV2Dto[];

  @Optional()
  @IsNested(() => VimConnectionInfoDto, 'map')
  vimConnectionInfo?: Record<string, VimConnectionInfoDto>;

  @Optional()
  @IsJsonObject()
  additionalParams?: Record<string, unknown>;
}

export function toChangeExtConnRequest(
  dto: ChangeExtVnfConnectivityRequestV1Dto | ChangeExtVnfConnectivityRequestV2Dto,
): ChangeExtVnfConnectivityRequest {
  const vimConnectionInfo = dto.vimConnectionInfo === undefined ? undefined : toVimConnectionRefs(dto.vimConnectionInfo);
  return { extVirtualLinks: dto.extVirtualLinks, vimConnectionInfo, additionalParams: dto.additionalParams };
}
