import { AppError } from '@vnfm/contracts';

/**
 * Why a VNF package was refused. Codes are stable (the catalog records them
 * as the onboarding failure); the detail names the file and the rule broken.
 */
export type PackageErrorCode =
  | 'NOT_A_ZIP'
  | 'UNSUPPORTED_ZIP'
  | 'UNSAFE_PATH'
  | 'DUPLICATE_ENTRY'
  | 'SYMLINK_ENTRY'
  | 'TOO_LARGE'
  | 'MISSING_ENTRY_DEFINITIONS'
  | 'INVALID_TOSCA_META'
  | 'INVALID_MANIFEST'
  | 'MISSING_FILE'
  | 'UNSUPPORTED_HASH_ALGORITHM'
  | 'HASH_MISMATCH'
  | 'SIGNATURE_INVALID'
  | 'SIGNATURE_REQUIRED'
  | 'SIGNATURE_NOT_TRUSTED'
  | 'INVALID_YAML'
  | 'YAML_ALIAS_LIMIT'
  | 'VNFD_TOO_LARGE'
  | 'UNKNOWN_IMPORT'
  | 'INVALID_VNFD';

export class PackageError extends AppError {
  constructor(
    override readonly code: PackageErrorCode,
    override readonly detail: string,
  ) {
    super(code, 422, 'VNF package refused', detail);
    this.name = 'PackageError';
  }
}
