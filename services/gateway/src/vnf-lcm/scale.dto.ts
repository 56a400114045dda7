import { IsIn } from 'class-validator';
import type { ScaleVnfRequest, ScaleVnfToLevelRequest } from '@vnfm/lcm-domain';
import { invalidRequestBody, IsIntegerAtLeast, IsJsonObject, IsNested, IsText, Optional } from './lcm-dto.rules';

/** ETSI GS NFV-SOL 003 §5.5.2.5 ScaleVnfRequest, the same in v2.6.1 and v3.3.1. */
export class ScaleVnfRequestDto {
  @IsIn(['SCALE_OUT', 'SCALE_IN'], { message: '$property must be SCALE_OUT or SCALE_IN' })
  type!: 'SCALE_OUT' | 'SCALE_IN';

  @IsText()
  aspectId!: string;

  @Optional()
  @IsIntegerAtLeast(1)
  numberOfSteps?: number;

  @Optional()
  @IsJsonObject()
  additionalParams?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 §5.5.3.4 ScaleInfo: the target level of one aspect. */
export class ScaleInfoDto {
  @IsText()
  aspectId!: string;

  @IsIntegerAtLeast(0)
  scaleLevel!: number;
}

/** ETSI GS NFV-SOL 003 §5.5.2.6 ScaleVnfToLevelRequest. */
export class ScaleVnfToLevelRequestDto {
  @Optional()
  @IsText()
  instantiationLevelId?: string;

  @Optional()
  @IsNested(() => ScaleInfoDto, 'array', { nonEmpty: true })
  scaleInfo?: ScaleInfoDto[];

  @Optional()
  @IsJsonObject()
  additionalParams?: Record<string, unknown>;
}

export const toScaleRequest = ({ type, aspectId, numberOfSteps, additionalParams }: ScaleVnfRequestDto): ScaleVnfRequest => ({
  type,
  aspectId,
  numberOfSteps,
  additionalParams,
});

/** §5.5.2.6: "either instantiationLevelId or scaleInfo, but not both, shall be present". */
export function toScaleToLevelRequest({
  instantiationLevelId,
  scaleInfo,
  additionalParams,
}: ScaleVnfToLevelRequestDto): ScaleVnfToLevelRequest {
  if ((instantiationLevelId === undefined) === (scaleInfo === undefined)) {
    throw invalidRequestBody('Give exactly one of instantiationLevelId and scaleInfo (ETSI GS NFV-SOL 003 §5.5.2.6).');
  }
  const aspects = scaleInfo?.map((info) => info.aspectId) ?? [];
  const repeated = aspects.find((aspectId, index) => aspects.indexOf(aspectId) !== index);
  if (repeated !== undefined) throw invalidRequestBody(`scaleInfo names the aspect ${repeated} more than once.`);
  return { instantiationLevelId, scaleInfo: scaleInfo?.map(({ aspectId, scaleLevel }) => ({ aspectId, scaleLevel })), additionalParams };
}
