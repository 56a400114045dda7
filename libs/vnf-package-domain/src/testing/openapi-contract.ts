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
// An absolute URL (SOL 013 §8.3 Link.href): ajv-formats' `url` pattern also refuses loopback and private hosts, which a VNFM may well be on.
ajv.addFormat('url', (value: string) => URL.canParse(value));

function documentOf(contract: ContractName): Json {
  let document = documents.get(contract);
  if (!document) {
    const text = readFileSync(corpusPath(...FILES[contract]), 'utf8');
    document = (FILES[contract].at(-1)?.endsWith('.yaml') ? parse(text) : JSON.parse(text)) as Json;
    documents.set(contract, document);
  }
  return document;
}

/** Responses the bundles type as one item although the GS answers an array of them (SOL 003 §5.4.12.3.2: GET /vnf_lcm_op_occs). */
const LISTS_GIVEN_AS_ONE_ITEM: readonly { contract: ContractName; method: string; path: string }[] = [
  { contract: 'lcm-v1', method: 'GET', path: '/vnf_lcm_op_occs' },
  { contract: 'lcm-v2', method: 'GET', path: '/vnf_lcm_op_occs' },
];

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
export function responseSchema(contract: ContractName, method: string, path: string, status: number): Json {
  const document = documentOf(contract);
  const operation = ((document.paths as Json)[path] as Json | undefined)?.[method.toLowerCase()] as Json | undefined;
  if (!operation) throw new Error(`${contract} has no ${method} ${path}`);
  const response = (operation.responses as Json)[String(status)] as Json | undefined;
  if (!response) throw new Error(`${contract} ${method} ${path} has no ${status} response`);
  const body = resolved(document, response);
  const content = body.content as Record<string, Json> | undefined;
  const schema = content ? (content['application/json'] ?? content['application/problem+json'])?.schema : body.schema;
  if (!schema) throw new Error(`${contract} ${method} ${path} ${status} has no JSON body`);
  const listGivenAsItem =
    status === 200 && LISTS_GIVEN_AS_ONE_ITEM.some((list) => list.contract === contract && list.method === method && list.path === path);
  return listGivenAsItem && (schema as Json).type === 'object' ? { type: 'array', items: schema } : (schema as Json);
}

/**
 * Constraints the ETSI bundles put where no conforming body can meet them;
 * errors at these schema paths are not held against the product. Each names
 * what the GS table says instead.
 */
const BUNDLE_DEFECTS: readonly { contract: ContractName; path: RegExp; schemaPath: RegExp; missing?: string; why: string }[] = [
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
  {
    contract: 'pkgm',
    path: /./,
    schemaPath: /\/checksum\/type$/,
    why: 'SOL 003 v3.3.1 Checksum is a structure (algorithm, hash), as in every GS version; the bundle types it as a string ("Cheksum description")',
  },
  // /vnfpkgm/v1 is SOL 005 v2.6.1 as Tacker v1 serves it: attributes SOL 003/005 v3.x added later and made mandatory are not part of it.
  ...['packageSecurityOption', 'vnfmInfo', 'isEncrypted'].map((missing) => ({
    contract: 'pkgm' as const,
    path: /./,
    schemaPath: /\/required$/,
    missing,
    why: `${missing} is mandatory from SOL 003/SOL 005 v3.x (SOL 004 security options, encrypted artifacts, VNFM compatibility); /vnfpkgm/v1 serves v2.6.1, which has no such attribute`,
  })),
];

const isBundleDefect = (contract: ContractName, path: string, error: ErrorObject) =>
  BUNDLE_DEFECTS.some(
    (defect) =>
      defect.contract === contract &&
      defect.path.test(path) &&
      defect.schemaPath.test(error.schemaPath) &&
      (defect.missing === undefined || (error.params as { missingProperty?: unknown }).missingProperty === defect.missing),
  );

const describeError = (error: ErrorObject) =>
  `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)} (schema ${error.schemaPath})`;

/** A list's items without the attributes an attribute selector left out (SOL 013 §5.3: mandatory ones too). */
const leftOut = (excluded: readonly string[], error: ErrorObject) =>
  error.keyword === 'required' &&
  /^\/\d+$/.test(error.instancePath) &&
  excluded.includes(String((error.params as { missingProperty?: unknown }).missingProperty));

/**
 * What is wrong with a response body per the contract, one line per error:
 * the body's JSON pointer, the error and the schema's path. Empty: it conforms.
 * `excluded`: the attributes the query's attribute selector left out of each list item.
 */
export function contractViolations(
  contract: ContractName,
  method: string,
  path: string,
  status: number,
  body: unknown,
  excluded: readonly string[] = [],
): string[] {
  const key = `${contract} ${method} ${path} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(responseSchema(contract, method, path, status));
    validators.set(key, validate);
  }
  return validate(body)
    ? []
    : (validate.errors ?? []).filter((error) => !isBundleDefect(contract, path, error) && !leftOut(excluded, error)).map(describeError);
}

/**
 * What is wrong with a body per a schema composed from a bundle's parts (a
 * notification: the LCM bundles define none, so its schema is assembled
 * from the GS table and the bundle's own definitions of each attribute).
 */
export function schemaViolations(schema: Json, body: unknown): string[] {
  const validate = ajv.compile(schema);
  return validate(body) ? [] : (validate.errors ?? []).map(describeError);
}
