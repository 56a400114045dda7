import { IsString } from 'class-validator';
import { AppError } from '@vnfm/contracts';
import type { VnfInfoModificationRequest } from '@vnfm/lcm-domain';
import { invalidRequestBody, IsJsonObject, IsNested, IsText, Optional } from './lcm-dto.rules';
import { toVimConnectionRefs, VimConnectionInfoDto, VimConnectionInfoV1Dto } from './vim-connection-info.dto';

const TEXT = { message: '$property must be a string' };

/** ETSI GS NFV-SOL 003 §5.5.2.12 VnfInfoModificationRequest: the members both versions share (metadata, extensions and properties are merge patches). */
abstract class VnfInfoModificationRequestDto {
  @Optional()
  @IsString(TEXT)
  vnfInstanceName?: string;

  @Optional()
  @IsString(TEXT)
  vnfInstanceDescription?: string;

  @Optional()
  @IsText()
  vnfdId?: string;

  @Optional()
  @IsJsonObject()
  vnfConfigurableProperties?: Record<string, unknown>;

  @Optional()
  @IsJsonObject()
  metadata?: Record<string, unknown>;

  @Optional()
  @IsJsonObject()
  extensions?: Record<string, unknown>;
}

/** SOL 003 v2.6.1 names the new package by vnfPkgId; Tacker's v1 API also takes vnfdId. */
export class VnfInfoModificationRequestV1Dto extends VnfInfoModificationRequestDto {
  @Optional()
  @IsText()
  vnfPkgId?: string;

  @Optional()
  @IsNested(() => VimConnectionInfoV1Dto, 'array')
  vimConnectionInfo?: VimConnectionInfoV1Dto[];
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.3.24 VnfcInfoModifications. */
export class VnfcInfoModificationsDto {
  @IsText()
  id!: string;

  @IsJsonObject()
  vnfcConfigurableProperties!: Record<string, unknown>;
}

export class VnfInfoModificationRequestV2Dto extends VnfInfoModificationRequestDto {
  @Optional()
  @IsNested(() => VimConnectionInfoDto, 'map')
  vimConnectionInfo?: Record<string, VimConnectionInfoDto>;

  @Optional()
  @IsNested(() => VnfcInfoModificationsDto, 'array')
  vnfcInfoModifications?: VnfcInfoModificationsDto[];
}

/**
 * The modification, with the v1 vnfPkgId apart: the caller resolves it to
 * the vnfdId of its package. VNFC modifications are refused (422) rather
 * than dropped: the LCM does not apply them yet.
 */
export function toModifyInfoRequest(dto: VnfInfoModificationRequestV1Dto | VnfInfoModificationRequestV2Dto): {
  params: VnfInfoModificationRequest;
  vnfPkgId?: string;
} {
  if ('vnfcInfoModifications' in dto && dto.vnfcInfoModifications !== undefined) {
    throw new AppError(
      'UNSUPPORTED_MODIFICATION',
      422,
      'Unprocessable Entity',
      'vnfcInfoModifications (ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.12) is not supported by this VNF Manager yet.',
    );
  }
  const vnfPkgId = 'vnfPkgId' in dto ? dto.vnfPkgId : undefined;
  if (vnfPkgId !== undefined && dto.vnfdId !== undefined) throw invalidRequestBody('Give vnfdId or vnfPkgId, not both.');
  const { vnfInstanceName, vnfInstanceDescription, vnfdId, vnfConfigurableProperties, metadata, extensions } = dto;
  const vimConnectionInfo = dto.vimConnectionInfo === undefined ? undefined : toVimConnectionRefs(dto.vimConnectionInfo);
  const params: VnfInfoModificationRequest = {
    vnfInstanceName,
    vnfInstanceDescription,
    vnfdId,
    vnfConfigurableProperties,
    metadata,
    extensions,
    vimConnectionInfo,
  };
  if (vnfPkgId === undefined && Object.values(params).every((value) => value === undefined)) {
    throw invalidRequestBody('The body must name at least one attribute to modify (ETSI GS NFV-SOL 003 §5.5.2.12).');
  }
  return { params, vnfPkgId };
}
