import { deepFreeze, RecentlyUsed } from '@vnfm/util';
import { buildVnfdModel, vnfdFilePaths, VnfdError, type VnfdModel } from '@vnfm/vnfd';
import { loadBundledEtsiTypes } from './etsi-types.loader';
import { PackageError, type PackageErrorCode } from './package.error';
import { parseYamlTemplate } from './yaml-document.parser';

/** What the model thread gets: the package's service templates as read from the zip, and the paths of all its files. */
export interface VnfdModelTask {
  entryDefinitions: string;
  templates: { path: string; bytes: Uint8Array; sha256: string }[];
  packageFiles: string[];
  maxNodeTemplates: number;
}

/** The model, and the package files that make up the VNFD (entry definitions and the templates it imports). */
export interface VnfdModelResult {
  model: VnfdModel;
  vnfdFiles: string[];
}

/** Parses the templates, checks how many node templates they declare, and builds the VNFD model; refusals are `PackageError`s. */
export async function runVnfdModelTask(task: VnfdModelTask): Promise<VnfdModelResult> {
  const documents: Record<string, unknown> = {};
  for (const template of task.templates) documents[template.path] = parseTemplate(template);
  checkNodeTemplateCount(documents, task.maxNodeTemplates);
  try {
    const model = buildVnfdModel({
      entryDefinitions: task.entryDefinitions,
      documents,
      packageFiles: task.packageFiles,
      bundledTypes: await loadBundledEtsiTypes(),
    });
    return { model, vnfdFiles: vnfdFilePaths(task.entryDefinitions, documents) };
  } catch (error) {
    if (error instanceof VnfdError) throw new PackageError(error.code as PackageErrorCode, error.detail);
    throw error;
  }
}

/**
 * Templates met again are not parsed again: the ETSI type files Tacker zips
 * into every package's Definitions/ are byte for byte the same, and cost
 * more to parse than the VNFD itself. Kept frozen (the model builder reads
 * documents, as it reads the bundled types shared by every build).
 */
const CACHED_TEMPLATES = 16;
const CACHED_TEMPLATE_MAX_BYTES = 256 * 1024;
const parsed = new RecentlyUsed<string, unknown>(CACHED_TEMPLATES);

function parseTemplate({ path, bytes, sha256 }: VnfdModelTask['templates'][number]): unknown {
  const cached = parsed.get(sha256);
  if (cached !== undefined) return cached;
  const doc = parseYamlTemplate(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), path);
  if (bytes.byteLength <= CACHED_TEMPLATE_MAX_BYTES) parsed.set(sha256, deepFreeze(doc));
  return doc;
}

function checkNodeTemplateCount(documents: Record<string, unknown>, max: number): void {
  let count = 0;
  for (const doc of Object.values(documents)) {
    const topology = (doc as { topology_template?: { node_templates?: unknown } } | null)?.topology_template;
    const nodes = topology?.node_templates;
    if (nodes && typeof nodes === 'object') count += Object.keys(nodes).length;
  }
  if (count > max)
    throw new PackageError(
      'VNFD_TOO_LARGE',
      `the package's service templates declare ${count} node templates, more than the ${max} a VNFD may have`,
    );
}
