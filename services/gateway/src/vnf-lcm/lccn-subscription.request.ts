import { isRecord } from '@vnfm/util';
import type { LccnSubscriptionRequest, VnfLcmApiMajor } from '@vnfm/lcm-domain';
import { invalidRequestBody } from './lcm-dto.rules';

type Check = (value: unknown, path: string, problems: string[]) => void;

const text: Check = (value, path, problems) => {
  if (typeof value !== 'string' || value.length === 0) problems.push(`${path} must be a non-empty string`);
};
// SOL 003 Version is a string; Tacker's own functional-test body sends numbers (1.0), which Tacker accepts: so do we, as given.
const version: Check = (value, path, problems) => {
  if (!(typeof value === 'string' && value.length > 0) && !(typeof value === 'number' && Number.isFinite(value)))
    problems.push(`${path} must be a version string`);
};
const oneOf =
  (values: readonly string[]): Check =>
  (value, path, problems) => {
    if (typeof value !== 'string' || !values.includes(value)) problems.push(`${path} must be one of ${values.join(', ')}`);
  };
const uri: Check = (value, path, problems) => {
  if (typeof value !== 'string' || !/^https?:$/.test(safeUrl(value)?.protocol ?? ''))
    problems.push(`${path} must be an absolute http or https URI`);
};
const arrayOf =
  (entry: Check): Check =>
  (value, path, problems) => {
    if (!Array.isArray(value)) return void problems.push(`${path} must be an array`);
    value.forEach((item, index) => entry(item, `${path}[${index}]`, problems));
  };
/** A JSON object with these members (`*` required); unknown members are refused, as jsonBody does for the other LCM bodies. */
const object =
  (members: Record<string, Check>): Check =>
  (value, path, problems) => {
    if (!isRecord(value)) return void problems.push(`${path || 'The body'} must be a JSON object`);
    const known = new Map(
      Object.entries(members).map(([name, check]) => [name.replace(/\*$/, ''), { check, required: name.endsWith('*') }]),
    );
    for (const name of Object.keys(value)) if (!known.has(name)) problems.push(`property ${join(path, name)} should not exist`);
    for (const [name, { check, required }] of known) {
      if (value[name] !== undefined) check(value[name], join(path, name), problems);
      else if (required) problems.push(`${join(path, name)} is required`);
    }
  };
const join = (path: string, name: string) => (path ? `${path}.${name}` : name);
const safeUrl = (value: string) => {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
};

const OPERATION_TYPES_V1 = [
  'INSTANTIATE',
  'SCALE',
  'SCALE_TO_LEVEL',
  'CHANGE_FLAVOUR',
  'TERMINATE',
  'HEAL',
  'OPERATE',
  'CHANGE_EXT_CONN',
  'MODIFY_INFO',
];
const OPERATION_TYPES_V2 = [...OPERATION_TYPES_V1, 'CREATE_SNAPSHOT', 'REVERT_TO_SNAPSHOT', 'CHANGE_VNFPKG'];
const OPERATION_STATES = ['STARTING', 'PROCESSING', 'COMPLETED', 'FAILED_TEMP', 'FAILED', 'ROLLING_BACK', 'ROLLED_BACK'];
const NOTIFICATION_TYPES = [
  'VnfLcmOperationOccurrenceNotification',
  'VnfIdentifierCreationNotification',
  'VnfIdentifierDeletionNotification',
];

/** SOL 003 §5.5.2.15 LccnSubscriptionRequest per version: v2.6.1 (/vnflcm/v1) and v3.3.1 (/vnflcm/v2, with verbosity and TLS_CERT). */
function requestCheck(major: VnfLcmApiMajor): Check {
  const vnfInstanceSubscriptionFilter = object({
    vnfdIds: arrayOf(text),
    vnfProductsFromProviders: arrayOf(
      object({
        'vnfProvider*': text,
        vnfProducts: arrayOf(
          object({
            'vnfProductName*': text,
            versions: arrayOf(object({ 'vnfSoftwareVersion*': version, vnfdVersions: arrayOf(version) })),
          }),
        ),
      }),
    ),
    vnfInstanceIds: arrayOf(text),
    vnfInstanceNames: arrayOf(text),
  });
  const filter = object({
    vnfInstanceSubscriptionFilter,
    notificationTypes: arrayOf(oneOf(NOTIFICATION_TYPES)),
    operationTypes: arrayOf(oneOf(major === 1 ? OPERATION_TYPES_V1 : OPERATION_TYPES_V2)),
    operationStates: arrayOf(oneOf(OPERATION_STATES)),
  });
  // ETSI GS NFV-SOL 013 §8.3.4 SubscriptionAuthentication.
  const authentication = object({
    'authType*': arrayOf(oneOf(major === 1 ? ['BASIC', 'OAUTH2_CLIENT_CREDENTIALS'] : ['BASIC', 'OAUTH2_CLIENT_CREDENTIALS', 'TLS_CERT'])),
    paramsBasic: object({ userName: text, password: text }),
    paramsOauth2ClientCredentials: object({ 'clientId*': text, 'clientPassword*': text, 'tokenEndpoint*': uri }),
  });
  return object({ filter, 'callbackUri*': uri, authentication, ...(major === 2 ? { verbosity: oneOf(['FULL', 'SHORT']) } : {}) });
}

/** The authentication's parameters must be there for each type it names (SOL 013 §8.3.4: "shall be present if authType is ..."). */
function authenticationProblems(body: LccnSubscriptionRequest): string[] {
  const auth = body.authentication;
  if (!auth) return [];
  const problems: string[] = [];
  if (auth.authType.length === 0) problems.push('authentication.authType must not be empty');
  if (auth.authType.includes('BASIC') && !auth.paramsBasic) problems.push('authentication.paramsBasic is required when authType has BASIC');
  if (auth.authType.includes('OAUTH2_CLIENT_CREDENTIALS') && !auth.paramsOauth2ClientCredentials) {
    problems.push('authentication.paramsOauth2ClientCredentials is required when authType has OAUTH2_CLIENT_CREDENTIALS');
  }
  return problems;
}

/** The body as an LccnSubscriptionRequest of `major`, or 400 naming each member at fault by its path (never its value). */
export function lccnSubscriptionRequestOf(major: VnfLcmApiMajor, body: unknown): LccnSubscriptionRequest {
  const problems: string[] = [];
  requestCheck(major)(body, '', problems);
  if (problems.length === 0) problems.push(...authenticationProblems(body as LccnSubscriptionRequest));
  if (problems.length > 0) throw invalidRequestBody(problems.join('; '));
  const request = body as LccnSubscriptionRequest;
  const providers = request.filter?.vnfInstanceSubscriptionFilter?.vnfProductsFromProviders;
  if (!providers) return request;
  const products = providers.map((provider) => ({
    ...provider,
    vnfProducts: provider.vnfProducts?.map((product) => ({ ...product, versions: product.versions?.map(versionTexts) })),
  }));
  return {
    ...request,
    filter: {
      ...request.filter,
      vnfInstanceSubscriptionFilter: { ...request.filter?.vnfInstanceSubscriptionFilter, vnfProductsFromProviders: products },
    },
  };
}

type Versions = { vnfSoftwareVersion: unknown; vnfdVersions?: unknown[] };
/** Versions as the strings SOL 003 types them; a number is written as Python (Tacker) writes a float: 1.0 → "1.0". */
const versionTexts = ({ vnfSoftwareVersion, vnfdVersions }: Versions) => ({
  vnfSoftwareVersion: versionText(vnfSoftwareVersion),
  ...(vnfdVersions !== undefined && { vnfdVersions: vnfdVersions.map(versionText) }),
});
const versionText = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value.toFixed(1) : String(value));
