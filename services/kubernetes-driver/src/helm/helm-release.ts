import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord, typeScriptWorkerCode } from '@vnfm/util';
import type { KubeObject } from '@vnfm/kubernetes-manifests';
import type { PostRenderer } from './helm-cli';

/** The annotation every object of a Helm CNF carries: its release's record (HelmRecord, JSON), for the operations after instantiate. */
export const HELM_RELEASE_ANNOTATION = 'vnfm.etsi.org/helm-release';

/** What a later operation needs of a Helm CNF's instantiation (Tacker keeps it in instantiatedVnfInfo.metadata). */
export interface HelmRecord {
  /** The chart's path in the package (`helm_chart_path`). */
  chartPath: string;
  /** Each VDU's values (`helm_value_names`): `replica` names the value of its replica count. */
  valueNames: Record<string, { replica?: string }>;
}

/** The release of a VNF instance, named as Tacker names it: `vnf` and the id without its dashes. */
export const releaseNameOf = (vnfInstanceId: string): string => `vnf${vnfInstanceId.replace(/-/g, '')}`;

/** The record an object of the release carries, or undefined. */
export function recordOf(object: KubeObject): HelmRecord | undefined {
  const annotations = object.metadata['annotations'];
  const text = isRecord(annotations) ? annotations[HELM_RELEASE_ANNOTATION] : undefined;
  if (typeof text !== 'string') return undefined;
  try {
    const record: unknown = JSON.parse(text);
    return isRecord(record) && typeof record['chartPath'] === 'string' && isRecord(record['valueNames'])
      ? (record as unknown as HelmRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The post-renderer (post-render-worker) as Helm runs it: this Node.js with
 * the compiled worker, or, run from the sources (tests), the TypeScript file
 * compiled as it is loaded; the instance id and the record as its last arguments.
 */
export function postRenderer(vnfInstanceId: string, record: HelmRecord): PostRenderer {
  const compiled = join(__dirname, 'post-render-worker.js');
  const entry = existsSync(compiled) ? [compiled] : ['-e', typeScriptWorkerCode(join(__dirname, 'post-render-worker.ts'))];
  return { command: process.execPath, args: [...entry, vnfInstanceId, JSON.stringify(record)] };
}
