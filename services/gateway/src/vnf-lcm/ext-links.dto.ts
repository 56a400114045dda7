import { IsArray, IsObject } from 'class-validator';
import { IsJsonObject, IsNested, IsText, Optional } from './lcm-dto.rules';

const EACH_OBJECT = { each: true, message: 'each entry of $property must be a JSON object' };
const ARRAY = { message: '$property must be an array' };

/** ETSI GS NFV-SOL 003 v2.6.1 §4.4.1.10 VnfExtCpData: cpConfig is an array of VnfExtCpConfig. */
export class VnfExtCpDataV1Dto {
  @IsText()
  cpdId!: string;

  @Optional()
  @IsArray(ARRAY)
  @IsObject(EACH_OBJECT)
  cpConfig?: Record<string, unknown>[];
}

/** ETSI GS NFV-SOL 003 v3.3.1 §4.4.1.10 VnfExtCpData: cpConfig is a map of VnfExtCpConfig keyed by cpConfigId. */
export class VnfExtCpDataV2Dto {
  @IsText()
  cpdId!: string;

  @Optional()
  @IsJsonObject()
  cpConfig?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 §4.4.1.11 ExtVirtualLinkData: the members both versions share. */
abstract class ExtVirtualLinkDataDto {
  @IsText()
  id!: string;

  @Optional()
  @IsText()
  vimConnectionId?: string;

  @Optional()
  @IsText()
  resourceProviderId?: string;

  @IsText()
  resourceId!: string;

  @Optional()
  @IsArray(ARRAY)
  @IsObject(EACH_OBJECT)
  extLinkPorts?: Record<string, unknown>[];
}

export class ExtVirtualLinkDataV1Dto extends ExtVirtualLinkDataDto {
  @IsNested(() => VnfExtCpDataV1Dto, 'array', { nonEmpty: true })
  extCps!: VnfExtCpDataV1Dto[];
}

export class ExtVirtualLinkDataV2Dto extends ExtVirtualLinkDataDto {
  @IsNested(() => VnfExtCpDataV2Dto, 'array', { nonEmpty: true })
  extCps!: VnfExtCpDataV2Dto[];
}

/**
 * ETSI GS NFV-SOL 003 v3.3.1 §4.4.1.12 ExtManagedVirtualLinkData; Tacker's
 * v1 API takes the same `vnfVirtualLinkDescId` (SOL 003 v2.4.1 called it
 * virtualLinkDescId).
 */
export class ExtManagedVirtualLinkDataDto {
  @IsText()
  id!: string;

  @IsText()
  vnfVirtualLinkDescId!: string;

  @Optional()
  @IsText()
  vimConnectionId?: string;

  @Optional()
  @IsText()
  resourceProviderId?: string;

  @IsText()
  resourceId!: string;

  @Optional()
  @IsArray(ARRAY)
  @IsObject(EACH_OBJECT)
  vnfLinkPort?: Record<string, unknown>[];

  @Optional()
  @IsText()
  extManagedMultisiteVirtualLinkId?: string;
}
