import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { corpusPath } from '@vnfm/vnf-package/testing';

type Json = Record<string, unknown>;

/**
 * The ETSI NFV OpenAPI bundles the product's bodies are held against:
 * `lcm-v1` SOL003 v2.4.1 (Swagger 2.0, the closest bundle to the v2.6.1 of
 * /vnflcm/v1), `lcm-v2` SOL003 v3.3.1 (OpenAPI 3.0; its base path says
 * /vnflcm/v1 with API version 2.0.0, served here at /vnflcm/v2) and `pkgm`
 * SOL003 v3.3.1 VNF package management (for /vnfpkgm/v1).
 */
export type ContractName = 'lcm-v1' | 'lcm-v2' | 'pkgm';

const FILES: Record<ContractName, string[]> = {
  'lcm-v1': ['etsi', 'openapi-sol003-2.4.1', 'SOL003-VNFLifecycleManagement-API.yaml'],
  'lcm-v2': ['etsi', 'openapi-sol003-3.3.1', 'SOL003-VNFLifecycleManagement-API.json'],
  pkgm: ['etsi', 'openapi-sol003-3.3.1', 'SOL003-VNFPackageManagement-API.json'],
};

const documents = new Map<ContractName, Json>();
const validators = new Map<string, ValidateFunction>();
// Not strict: the bundles carry OpenAPI keywords (nullable, example, x-...) and ETSI format names (MAC, IP) that are no JSON Schema.
const ajv = addFormats(new Ajv({ allErrors: true, strict: false, validateFormats: true, logger: false }));

function documentOf(contract: ContractName): Json {
  let document = documents.get(contract);
  if (!document) {
    const text = readFileSync(corpusPath(...FILES[contract]), 'utf8');
    document = (FILES[contract].at(-1)?.endsWith('.yaml') ? parse(text) : JSON.parse(text)) as Json;
    documents.set(contract, document);
  }
  return document;
}

/** A local `$ref` (`#/components/responses/...`), the only kind the bundles use outside their inlined schemas. */
function resolved(document: Json, node: Json): Json {
  const ref = node['$ref'];
  if (typeof ref !== 'string') return node;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  if (!target) throw new Error(`unresolved $ref ${ref}`);
  return resolved(document, target as Json);
}

/** The schema of one response body: Swagger 2.0 `schema`, OpenAPI 3 `content[<JSON type>].schema`. */
function responseSchema(contract: ContractName, method: string, path: string, status: number): Json {
  const document = documentOf(contract);
  const operation = ((document.paths as Json)[path] as Json | undefined)?.[method.toLowerCase()] as Json | undefined;
  if (!operation) throw new Error(`${contract} has no ${method} ${path}`);
  const response = (operation.responses as Json)[String(status)] as Json | undefined;
  if (!response) throw new Error(`${contract} ${method} ${path} has no ${status} response`);
  const body = resolved(document, response);
  const content = body.content as Record<string, Json> | undefined;
  const schema = content ? (content['application/json'] ?? content['application/problem+json'])?.schema : body.schema;
  if (!schema) throw new Error(`${contract} ${method} ${path} ${status} has no JSON body`);
  return schema as Json;
}

/**
 * Constraints the ETSI bundles put where no conforming body can meet them;
 * errors at these schema paths are not held against the product. Each names
 * what the GS table says instead.
 */
export const BUNDLE_DEFECTS: readonly { contract: ContractName; path: RegExp; schemaPath: RegExp; why: string }[] = [
  {
    contract: 'lcm-v2',
    path: /^\/vnf_(instances|lcm_op_occs)/,
    schemaPath: /\/ipOverEthernet\/oneOf(\/|$)/,
    why:
      'SOL 003 v3.3.1 IpOverEthernetAddressInfo/IpOverEthernetAddressData: "exactly one of addresses or addressRange" ' +
      '(resp. fixedAddresses, numDynamicAddresses, ipAddressRange) holds per ipAddresses entry; the bundle puts the oneOf on ipOverEthernet itself',
  },
  {
    contract: 'lcm-v2',
    path: /^\/vnf_lcm_op_occs/,
    schemaPath: /^#(\/items)?\/oneOf(\/|$)/,
    why: 'SOL 003 v3.3.1 table 5.5.2.13-1: changedInfo only for a COMPLETED MODIFY_INFO, modificationsTriggeredByVnfPkgChange only for CHANGE_VNFPKG; the bundle requires one of them on every occurrence',
  },
];

const isBundleDefect = (contract: ContractName, path: string, error: ErrorObject) =>
  BUNDLE_DEFECTS.some((defect) => defect.contract === contract && defect.path.test(path) && defect.schemaPath.test(error.schemaPath));

const describeError = (error: ErrorObject) =>
  `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)} (schema ${error.schemaPath})`;

/**
 * What is wrong with a response body per the contract, one line per error:
 * the body's JSON pointer, the error and the schema's path. Empty: it conforms.
 */
export function contractViolations(contract: ContractName, method: string, path: string, status: number, body: unknown): string[] {
  const key = `${contract} ${method} ${path} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(responseSchema(contract, method, path, status));
    validators.set(key, validate);
  }
  return validate(body) ? [] : (validate.errors ?? []).filter((error) => !isBundleDefect(contract, path, error)).map(describeError);
}
