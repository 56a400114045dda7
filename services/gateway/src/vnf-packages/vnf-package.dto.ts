import { IsIn, IsObject, IsOptional, IsString, IsUrl } from 'class-validator';
import { OPERATIONAL_STATES, type PackageOperationalState } from '@vnfm/vnf-package-domain';

/** ETSI GS NFV-SOL 005 v2.6.1 §9.5.2.2 CreateVnfPkgInfoRequest. */
export class CreateVnfPkgInfoRequestDto {
  @IsOptional()
  @IsObject({ message: 'userDefinedData must be a JSON object' })
  userDefinedData?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 005 v2.6.1 §9.5.2.3 VnfPkgInfoModifications, the PATCH body. */
export class VnfPkgInfoModificationsDto {
  @IsOptional()
  @IsIn(OPERATIONAL_STATES, { message: 'operationalState must be ENABLED or DISABLED' })
  operationalState?: PackageOperationalState;

  @IsOptional()
  @IsObject({ message: 'userDefinedData must be a JSON object (a JSON Merge Patch)' })
  userDefinedData?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 005 v2.6.1 §9.5.2.4 UploadVnfPkgFromUriRequest. */
export class UploadVnfPkgFromUriRequestDto {
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'addressInformation must be an http or https URI' },
  )
  addressInformation!: string;

  @IsOptional()
  @IsString({ message: 'userName must be a string' })
  userName?: string;

  @IsOptional()
  @IsString({ message: 'password must be a string' })
  password?: string;
}
