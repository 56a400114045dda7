import { AppError } from '@vnfm/contracts';

export type VnfdErrorCode = 'INVALID_VNFD' | 'UNKNOWN_IMPORT';

/** A VNFD that cannot be turned into a model: the detail names the template and the element at fault. */
export class VnfdError extends AppError {
  constructor(code: VnfdErrorCode, detail: string) {
    super(code, 422, code === 'UNKNOWN_IMPORT' ? 'Unknown import in VNFD' : 'Invalid VNFD', detail);
    this.name = 'VnfdError';
  }
}

export const invalidVnfd = (detail: string): VnfdError => new VnfdError('INVALID_VNFD', detail);
export const unknownImport = (detail: string): VnfdError => new VnfdError('UNKNOWN_IMPORT', detail);
