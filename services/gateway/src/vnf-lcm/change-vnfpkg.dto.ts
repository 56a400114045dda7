import { AppError } from '@vnfm/contracts';
import type { ChangeCurrentVnfPkgRequest } from '@vnfm/lcm-domain';
import { ExtManagedVirtualLinkDataDto, ExtVirtualLinkDataV2Dto } from './ext-links.dto';
import { IsJsonObject, IsNested, IsText, Optional } from './lcm-dto.rules';
import { VimConnectionInfoDto } from './vim-connection-info.dto';

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.11a ChangeCurrentVnfPkgRequest (Tacker v2; v2.6.1, hence API v1, has no such task). */
export class ChangeCurrentVnfPkgRequestDto {
  @IsText()
  vnfdId!: string;

  @Optional()
  @IsNested(() => ExtVirtualLinkDataV2Dto, 'array')
  extVirtualLinks?: ExtVirtualLinkDataV2Dto[];

  @Optional()
  @IsNested(() => ExtManagedVirtualLinkDataDto, 'array')
  extManagedVirtualLinks?: ExtManagedVirtualLinkDataDto[];

  @Optional()
  @IsNested(() => VimConnectionInfoDto, 'map')
  vimConnectionInfo?: Record<string, VimConnectionInfoDto>;

  @Optional()
  @IsJsonObject()
  additionalParams?: Record<string, unknown>;

  @Optional()
  @IsJsonObject()
  extensions?: Record<string, unknown>;

  @Optional()
  @IsJsonObject()
  vnfConfigurableProperties?: Record<string, unknown>;
}

/** VIM connections do not change with the package here: a request that changes them is refused, not half-applied. */
export function toChangeVnfPkgRequest(dto: ChangeCurrentVnfPkgRequestDto): ChangeCurrentVnfPkgRequest {
  if (dto.vimConnectionInfo !== undefined) {
    throw new AppError(
      'VIM_CONNECTIONS_NOT_CHANGED_WITH_PACKAGE',
      422,
      'Unprocessable Entity',
      'A change of VNF package keeps the VNF instance on its VIMs: change vimConnectionInfo with PATCH (ETSI GS NFV-SOL 003 §5.4.3.3.4) and leave it out of this request.',
    );
  }
  const { vnfdId, extVirtualLinks, extManagedVirtualLinks, additionalParams, extensions, vnfConfigurableProperties } = dto;
  const request = { vnfdId, extVirtualLinks, extManagedVirtualLinks, additionalParams, extensions, vnfConfigurableProperties };
  return Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined)) as unknown as ChangeCurrentVnfPkgRequest;
}
