import { IsIn, IsObject, IsOptional, IsString } from 'class-validator';
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

/**
 * ETSI GS NFV-SOL 005 v2.6.1 §9.5.2.4 UploadVnfPkgFromUriRequest. The URI is
 * read as the fetch reads it (WHATWG `new URL()`, every spelling of an
 * address normalised) by `httpUriOf`; where it may point is the package URI
 * policy's to say.
 */
export class UploadVnfPkgFromUriRequestDto {
  @IsString({ message: 'addressInformation must be an http or https URI' })
  addressInformation!: string;

  @IsOptional()
  @IsString({ message: 'userName must be a string' })
  userName?: string;

  @IsOptional()
  @IsString({ message: 'password must be a string' })
  password?: string;
}
