/** Bounds on what reading one package may cost; each is checked on declared sizes and again on the bytes actually inflated. */
export interface CsarLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxEntryBytes: number;
  maxCompressionRatio: number;
}

const GiB = 1024 ** 3;

export const DEFAULT_CSAR_LIMITS: CsarLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 16 * GiB,
  maxEntryBytes: 8 * GiB,
  maxCompressionRatio: 200,
};

/** Entries smaller than this are not ratio-checked: a tiny file that compresses well is no bomb. */
export const RATIO_CHECK_FLOOR_BYTES = 1024 * 1024;
