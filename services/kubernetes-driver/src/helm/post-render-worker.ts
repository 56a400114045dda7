import { readFileSync } from 'node:fs';
import { labelledObject, type KubeObject } from '@vnfm/kubernetes-manifests';
import { isRecord } from '@vnfm/util';
import { parseAllDocuments, stringify } from 'yaml';
import { HELM_RELEASE_ANNOTATION } from './helm-release';

/**
 * Helm's post-renderer for a CNF's release (`--post-renderer`, see
 * postRenderer): reads the manifests Helm rendered on stdin and writes them
 * back with every object labelled with the VNF instance id (its pods and a
 * StatefulSet's PVCs too) and annotated with the release's record, as the
 * driver labels a CNF's own manifests: a Helm CNF's objects are found,
 * scaled, healed and awaited gone as any CNF's. Its last two arguments are
 * the instance id and the record.
 */
const [vnfInstanceId, record] = process.argv.slice(-2);
const out: string[] = [];
for (const document of parseAllDocuments(readFileSync(0, 'utf8'))) {
  if (document.errors.length > 0) throw new Error(`Helm rendered a manifest that is not YAML: ${document.errors[0].message}`);
  const object: unknown = document.toJS();
  if (isRecord(object) && isRecord(object['metadata']))
    out.push(`---\n${stringify(labelledObject(object as unknown as KubeObject, vnfInstanceId, { [HELM_RELEASE_ANNOTATION]: record }))}`);
}
process.stdout.write(out.join(''));
