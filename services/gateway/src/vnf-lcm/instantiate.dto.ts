import type { InstantiateVnfRequest } from '@vnfm/lcm-domain';
import { ExtManagedVirtualLinkDataDto, ExtVirtualLinkDataV1Dto, ExtVirtualLinkDataV2Dto } from './ext-links.dto';
import { IsJsonObject, IsNested, IsText, Optional } from './lcm-dto.rules';
import { toVimConnectionRefs, VimConnectionInfoDto, VimConnectionInfoV1Dto } from './vim-connection-info.dto';

/** ETSI GS NFV-SOL 003 §5.5.2.4 InstantiateVnfRequest: the members both versions share. */
abstract class InstantiateVnfRequestDto {
  @IsText()
  flavourId!: string;

  @Optional()
  @IsText()
  instantiationLevelId?: string;

  @Optional()
  @IsNested(() => ExtManagedVirtualLinkDataDto, 'array')
  extManagedVirtualLinks?: ExtManagedVirtualLinkDataDto[];

  @Optional()
  @IsText()
  localizationLanguage?: string;

  @Optional()
  @IsJsonObject()
  additionalParams?: Record<string, unknown>;
}

/** SOL 003 v2.6.1 (Tacker v1): vimConnectionInfo is an array of entries with `id`, cpConfig an array. */
export class InstantiateVnfRequestV1Dto extends InstantiateVnfRequestDto {
  @Optional()
  @IsNested(() => ExtVirtualLinkDataV1Dto, 'array')
  extVirtualLinks?: ExtVirtualLinkDataV1Dto[];

  @Optional()
  @IsNested(() => VimConnectionInfoV1Dto, 'array')
  vimConnectionInfo?: VimConnectionInfoV1Dto[];
}

/** SOL 003 v3.3.1 (Tacker v2): vimConnectionInfo and cpConfig are maps; extensions and vnfConfigurableProperties are new. */
export class InstantiateVnfRequestV2Dto extends InstantiateVnfRequestDto {
  @Optional()
  @IsNested(() => ExtVirtualLinkDataV2Dto, 'array')
  extVirtualLinks?: ExtVirtualLinkDataV2Dto[];

  @Optional()
  @IsNested(() => VimConnectionInfoDto, 'map')
  vimConnectionInfo?: Record<string, VimConnectionInfoDto>;

  @Optional()
  @IsJsonObject()
  extensions?: Record<string, unknown>;

  @Optional()
  @IsJsonObject()
  vnfConfigurableProperties?: Record<string, unknown>;
}

/** The links go on as the client's version wrote them (the operation occurrence shows them so); VIMs become registry references. */
export function toInstantiateRequest(dto: InstantiateVnfRequestV1Dto | InstantiateVnfRequestV2Dto): InstantiateVnfRequest {
  const { vimConnectionInfo, ...rest } = dto;
  return { ...rest, ...(vimConnectionInfo !== undefined && { vimConnectionInfo: toVimConnectionRefs(vimConnectionInfo) }) };
}
