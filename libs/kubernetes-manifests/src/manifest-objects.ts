import { isRecord } from '@vnfm/util';
import { parseAllDocuments } from 'yaml';
import { type KubeObject, type ManifestObject } from './kube-object';
import { unusableManifests } from './manifest.errors';
import { FAILED_WHEN_ANNOTATION, parseReadinessRule, READY_WHEN_ANNOTATION } from './declared-readiness';

/**
 * Every object of the manifest files, in the order of `paths` and of the
 * documents in each file (multi-document YAML; empty documents skipped).
 * A document that is not an object with apiVersion, kind and metadata.name,
 * or whose declared readiness rule (declared-readiness.ts) is not one, is
 * refused naming its file and position, before anything is applied.
 */
export function manifestObjects(paths: readonly string[], texts: Record<string, string>): ManifestObject[] {
  return paths.flatMap((path) => {
    const text = texts[path];
    if (text === undefined) throw unusableManifests(`The package has no manifest ${path}.`);
    return parseAllDocuments(text).flatMap((document, index) => {
      const source = `${path}#${index + 1}`;
      if (document.errors.length > 0) throw unusableManifests(`Manifest ${source} is not valid YAML: ${document.errors[0].message}`);
      const value: unknown = document.toJS();
      if (value === null || value === undefined) return [];
      return [{ object: kubeObjectOf(value, source), source }];
    });
  });
}

function kubeObjectOf(value: unknown, source: string): KubeObject {
  if (!isRecord(value)) throw unusableManifests(`Manifest ${source} is not a Kubernetes object.`);
  const { apiVersion, kind } = value;
  const metadata = value['metadata'] ?? {};
  if (
    typeof apiVersion !== 'string' ||
    typeof kind !== 'string' ||
    !isRecord(metadata) ||
    (metadata['name'] !== undefined && typeof metadata['name'] !== 'string')
  ) {
    throw unusableManifests(`Manifest ${source} lacks apiVersion or kind, or its metadata is not an object.`);
  }
  const annotations = isRecord(metadata['annotations']) ? metadata['annotations'] : {};
  for (const name of [READY_WHEN_ANNOTATION, FAILED_WHEN_ANNOTATION]) {
    const rule = annotations[name];
    const parsed = typeof rule === 'string' ? parseReadinessRule(rule) : undefined;
    if (parsed && 'error' in parsed) throw unusableManifests(`Manifest ${source}: its ${name} rule is not understood: ${parsed.error}.`);
  }
  // Request-only kinds (SubjectAccessReview, TokenReview, ...) carry no name: they are created, never applied.
  return { ...value, metadata: { ...metadata, name: metadata['name'] ?? '' } } as KubeObject;
}
