const MiB = 1024 * 1024;

/**
 * Bounds on the VNFD a package may carry, each checked before the work it
 * bounds (docs/status.md, "Package onboarding limits"). Real VNFDs are far
 * below them: Tacker's largest sample has 12 VDUs in 94 KB, ETSI's type files included.
 */
export interface VnfdLimits {
  /** Bytes of the service templates (every YAML file outside the artifact folders), from the zip's sizes, before any is read. */
  maxTemplateBytes: number;
  /** Node templates in those templates, counted once they are parsed, before the model is built. */
  maxNodeTemplates: number;
  /** Time parsing the templates and building the model may take (on the model thread). */
  maxBuildMs: number;
}

export const DEFAULT_VNFD_LIMITS: VnfdLimits = {
  maxTemplateBytes: 2 * MiB,
  maxNodeTemplates: 1_000,
  maxBuildMs: 30_000,
};

/** Heap (V8 old generation) the model thread may use: a few times what parsing `maxTemplateBytes` of YAML takes. */
export const MODEL_THREAD_HEAP_MB = 512;
