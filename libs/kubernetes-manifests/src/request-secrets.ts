import { isRecord } from '@vnfm/util';
import type { KubeObject, ManifestObject } from './kube-object';
import { unusableManifests } from './manifest.errors';

/**
 * Secrets a CNF gets from its request rather than from its package (per
 * deployment: a database password, an API key): `additionalParams.lcm-kubernetes-secrets`,
 * `{ "<Secret name>": { "<key>": "<value>" } }`. Its name marks it secret
 * (docs/secrets.md), so the coordinator seals it whole at intake and only
 * the step that applies it opens it.
 */
export const SECRETS_PARAM = 'lcm-kubernetes-secrets';

/** RFC 1123 subdomain, as the API server wants object names. */
const OBJECT_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** A Secret's data key, as the API server wants it. */
const DATA_KEY = /^[-._a-zA-Z0-9]+$/;
const MAX_NAME = 253;

const refused = (why: string) => unusableManifests(`additionalParams.${SECRETS_PARAM}${why}`);

/**
 * The manifests with the request's Secrets (the opened value of
 * SECRETS_PARAM) added as `Opaque` Secrets, deployed and labelled like the
 * package's. Shapes the API server would refuse are refused here, naming
 * the Secret or key and never a value; so is a Secret a manifest defines too.
 */
export function withRequestSecrets(manifests: readonly ManifestObject[], secrets: unknown): ManifestObject[] {
  if (secrets === undefined) return [...manifests];
  if (!isRecord(secrets)) throw refused(' must map Secret names to their data: {"<name>": {"<key>": "<value>"}}.');
  const taken = new Set(manifests.filter((item) => item.object.kind === 'Secret').map((item) => item.object.metadata.name));
  return [...manifests, ...Object.entries(secrets).map(([name, data], index) => requestSecret(name, data, index, taken))];
}

/** An invalid name or key is not echoed (it is part of a sealed value): its position is. */
function requestSecret(name: string, data: unknown, index: number, taken: ReadonlySet<string>): ManifestObject {
  if (name.length > MAX_NAME || !OBJECT_NAME.test(name))
    throw refused(`: Secret name #${index + 1} is not a valid object name (RFC 1123 subdomain, at most ${MAX_NAME} characters).`);
  if (taken.has(name)) throw refused(` names Secret ${name}, which a manifest of the package defines too.`);
  if (!isRecord(data) || Object.keys(data).length === 0) throw refused(` gives Secret ${name} no data: {"<key>": "<value>"}.`);
  const encoded: Record<string, string> = {};
  for (const [position, [key, value]] of Object.entries(data).entries()) {
    if (key.length > MAX_NAME || !DATA_KEY.test(key))
      throw refused(`: key #${position + 1} of Secret ${name} is not a valid data key (letters, digits, '-', '_', '.').`);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      throw refused(` gives Secret ${name} a value of key ${key} that is not text.`);
    encoded[key] = Buffer.from(String(value), 'utf8').toString('base64');
  }
  const object: KubeObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name }, type: 'Opaque', data: encoded };
  return { object, source: `additionalParams.${SECRETS_PARAM}.${name}` };
}
