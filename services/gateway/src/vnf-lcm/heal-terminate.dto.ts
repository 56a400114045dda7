import { IsIn } from 'class-validator';
import type { HealVnfRequest, TerminateVnfRequest } from '@vnfm/lcm-domain';
import { invalidRequestBody, IsDistinctTexts, IsIntegerAtLeast, IsJsonObject, IsText, Optional } from './lcm-dto.rules';

/**
 * ETSI GS NFV-SOL 003 §5.5.2.9 HealVnfRequest, with `vnfcInstanceId` (the
 * VNFCs to heal, as in SOL 002) that Tacker takes in v1 and v2 alike and
 * `openstack vnflcm heal --vnfc-instance` sends.
 */
export class HealVnfRequestDto {
  @Optional()
  @IsDistinctTexts()
  vnfcInstanceId?: string[];

  @Optional()
  @IsText()
  cause?: string;

  @Optional()
  @IsJsonObject()
  additionalParams?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 §5.5.2.8 TerminateVnfRequest, the same in v2.6.1 and v3.3.1. */
export class TerminateVnfRequestDto {
  @IsIn(['FORCEFUL', 'GRACEFUL'], { message: '$property must be FORCEFUL or GRACEFUL' })
  terminationType!: 'FORCEFUL' | 'GRACEFUL';

  @Optional()
  @IsIntegerAtLeast(0)
  gracefulTerminationTimeout?: number;

  @Optional()
  @IsJsonObject()
  additionalParams?: Record<string, unknown>;
}

export const toHealRequest = ({ vnfcInstanceId, cause, additionalParams }: HealVnfRequestDto): HealVnfRequest => ({
  vnfcInstanceId,
  cause,
  additionalParams,
});

/** §5.5.2.8: the timeout "is only applicable in case of graceful termination"; with FORCEFUL it would be silently meaningless. */
export function toTerminateRequest({
  terminationType,
  gracefulTerminationTimeout,
  additionalParams,
}: TerminateVnfRequestDto): TerminateVnfRequest {
  if (terminationType === 'FORCEFUL' && gracefulTerminationTimeout !== undefined) {
    throw invalidRequestBody('gracefulTerminationTimeout applies only to GRACEFUL termination (ETSI GS NFV-SOL 003 §5.5.2.8).');
  }
  return { terminationType, gracefulTerminationTimeout, additionalParams };
}
