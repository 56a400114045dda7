import { IsNotEmpty, IsObject, IsOptional, IsString } from 'class-validator';

/** ETSI GS NFV-SOL 003 §5.5.2.3 CreateVnfRequest. */
export class CreateVnfRequestDto {
  @IsString({ message: 'vnfdId must be a string' })
  @IsNotEmpty({ message: 'vnfdId must not be empty' })
  vnfdId!: string;

  @IsOptional()
  @IsString({ message: 'vnfInstanceName must be a string' })
  vnfInstanceName?: string;

  @IsOptional()
  @IsString({ message: 'vnfInstanceDescription must be a string' })
  vnfInstanceDescription?: string;

  @IsOptional()
  @IsObject({ message: 'metadata must be a JSON object' })
  metadata?: Record<string, unknown>;
}
