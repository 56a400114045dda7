import type { Role } from '../principal';

/**
 * The rule each route is guarded by (docs/policy.md): Tacker's name where
 * Tacker has a rule for the same API (tacker/policies/*.py,
 * tacker/sol_refactored/api/policies/vnflcm_v2.py), ours under `vnfm:`
 * otherwise, with the role it needs unless a policy file says otherwise.
 * In a path `*` is one segment, `**` the rest, `a|b` either; the first
 * route that matches applies.
 */
type Route = readonly [method: string, path: string, rule: string, byDefault: Role, target?: TargetKind];

/**
 * What an enhanced-policy rule compares attributes with (docs/policy.md,
 * "Enhanced policy"; the routes of Tacker's table): the VIM, package or VNF
 * instance the path names, the package of the request body's vnfdId, or
 * each item of a list.
 */
export type TargetKind = 'vim' | 'package' | 'instance' | 'vnfd-of-body' | 'vim-list' | 'package-list' | 'instance-list';

const V1 = 'os_nfv_orchestration_api:vnf_instances:';
const V2 = 'os_nfv_orchestration_api_v2:vnf_instances:';
const PKG = 'os_nfv_orchestration_api:vnf_packages:';
/** A package read by its id, or (ours, SOL 005) by its VNFD's id: the same rules guard both. */
const READ_PACKAGE = '/vnfpkgm/v1/vnf_packages|onboarded_vnf_packages/*';

const ROUTES: readonly Route[] = [
  ['GET', '/vnflcm/v1/api_versions', `${V1}api_versions`, 'reader'],
  ['POST', '/vnflcm/v1/vnf_instances', `${V1}create`, 'member', 'vnfd-of-body'],
  ['GET', '/vnflcm/v1/vnf_instances', `${V1}index`, 'reader', 'instance-list'],
  ['GET', '/vnflcm/v1/vnf_instances/*', `${V1}show`, 'reader', 'instance'],
  ['DELETE', '/vnflcm/v1/vnf_instances/*', `${V1}delete`, 'member', 'instance'],
  ['PATCH', '/vnflcm/v1/vnf_instances/*', `${V1}update_vnf`, 'member', 'instance'],
  ['POST', '/vnflcm/v1/vnf_instances/*/instantiate', `${V1}instantiate`, 'member', 'instance'],
  ['POST', '/vnflcm/v1/vnf_instances/*/terminate', `${V1}terminate`, 'member', 'instance'],
  ['POST', '/vnflcm/v1/vnf_instances/*/scale', `${V1}scale`, 'member', 'instance'],
  ['POST', '/vnflcm/v1/vnf_instances/*/scale_to_level', 'vnfm:vnflcm_v1:scale_to_level', 'member', 'instance'],
  ['POST', '/vnflcm/v1/vnf_instances/*/heal', `${V1}heal`, 'member', 'instance'],
  ['POST', '/vnflcm/v1/vnf_instances/*/change_ext_conn', `${V1}change_ext_conn`, 'member', 'instance'],
  ['GET', '/vnflcm/v1/vnf_lcm_op_occs', `${V1}list_lcm_op_occs`, 'reader'],
  ['GET', '/vnflcm/v1/vnf_lcm_op_occs/*', `${V1}show_lcm_op_occs`, 'reader'],
  ['POST', '/vnflcm/v1/vnf_lcm_op_occs/*/retry', `${V1}retry`, 'member'],
  ['POST', '/vnflcm/v1/vnf_lcm_op_occs/*/rollback', `${V1}rollback`, 'member'],
  ['POST', '/vnflcm/v1/vnf_lcm_op_occs/*/fail', `${V1}fail`, 'member'],
  ['POST', '/vnflcm/v1/vnf_lcm_op_occs/*/cancel', `${V1}cancel`, 'member'],
  ['POST', '/vnflcm/v1/vnf_instances|vnf_lcm_op_occs/*/*', 'vnfm:vnflcm_v1:other_task', 'member'],
  ['POST', '/vnflcm/v1/subscriptions', 'vnfm:vnflcm_v1:subscription_create', 'member'],
  ['GET', '/vnflcm/v1/subscriptions', 'vnfm:vnflcm_v1:subscription_list', 'reader'],
  ['GET', '/vnflcm/v1/subscriptions/*', 'vnfm:vnflcm_v1:subscription_show', 'reader'],
  ['DELETE', '/vnflcm/v1/subscriptions/*', 'vnfm:vnflcm_v1:subscription_delete', 'member'],
  ['GET', '/vnflcm/v2/api_versions', `${V2}api_versions`, 'reader'],
  ['POST', '/vnflcm/v2/vnf_instances', `${V2}create`, 'member', 'vnfd-of-body'],
  ['GET', '/vnflcm/v2/vnf_instances', `${V2}index`, 'reader', 'instance-list'],
  ['GET', '/vnflcm/v2/vnf_instances/*', `${V2}show`, 'reader', 'instance'],
  ['DELETE', '/vnflcm/v2/vnf_instances/*', `${V2}delete`, 'member', 'instance'],
  ['PATCH', '/vnflcm/v2/vnf_instances/*', `${V2}update`, 'member', 'instance'],
  ['POST', '/vnflcm/v2/vnf_instances/*/instantiate', `${V2}instantiate`, 'member', 'instance'],
  ['POST', '/vnflcm/v2/vnf_instances/*/terminate', `${V2}terminate`, 'member', 'instance'],
  ['POST', '/vnflcm/v2/vnf_instances/*/scale', `${V2}scale`, 'member', 'instance'],
  ['POST', '/vnflcm/v2/vnf_instances/*/scale_to_level', 'vnfm:vnflcm_v2:scale_to_level', 'member', 'instance'],
  ['POST', '/vnflcm/v2/vnf_instances/*/heal', `${V2}heal`, 'member', 'instance'],
  ['POST', '/vnflcm/v2/vnf_instances/*/change_ext_conn', `${V2}change_ext_conn`, 'member', 'instance'],
  ['POST', '/vnflcm/v2/vnf_instances/*/change_vnfpkg', `${V2}change_vnfpkg`, 'member', 'instance'],
  ['GET', '/vnflcm/v2/vnf_lcm_op_occs', `${V2}lcm_op_occ_list`, 'reader'],
  ['GET', '/vnflcm/v2/vnf_lcm_op_occs/*', `${V2}lcm_op_occ_show`, 'reader'],
  ['POST', '/vnflcm/v2/vnf_lcm_op_occs/*/retry', `${V2}lcm_op_occ_retry`, 'member'],
  ['POST', '/vnflcm/v2/vnf_lcm_op_occs/*/rollback', `${V2}lcm_op_occ_rollback`, 'member'],
  ['POST', '/vnflcm/v2/vnf_lcm_op_occs/*/fail', `${V2}lcm_op_occ_fail`, 'member'],
  ['POST', '/vnflcm/v2/vnf_lcm_op_occs/*/cancel', 'vnfm:vnflcm_v2:lcm_op_occ_cancel', 'member'],
  ['POST', '/vnflcm/v2/vnf_instances|vnf_lcm_op_occs/*/*', 'vnfm:vnflcm_v2:other_task', 'member'],
  ['POST', '/vnflcm/v2/subscriptions', `${V2}subscription_create`, 'member'],
  ['GET', '/vnflcm/v2/subscriptions', `${V2}subscription_list`, 'reader'],
  ['GET', '/vnflcm/v2/subscriptions/*', `${V2}subscription_show`, 'reader'],
  ['DELETE', '/vnflcm/v2/subscriptions/*', `${V2}subscription_delete`, 'member'],
  ['GET', '/vnflcm|vnfpkgm/api_versions', 'vnfm:api_versions', 'reader'],
  ['GET', '/vnfpkgm/v1/api_versions', 'vnfm:vnfpkgm_v1:api_versions', 'reader'],
  ['POST', '/vnfpkgm/v1/vnf_packages', `${PKG}create`, 'admin'],
  ['GET', '/vnfpkgm/v1/vnf_packages|onboarded_vnf_packages', `${PKG}index`, 'reader', 'package-list'],
  ['GET', READ_PACKAGE, `${PKG}show`, 'reader', 'package'],
  ['PATCH', '/vnfpkgm/v1/vnf_packages/*', `${PKG}patch`, 'admin', 'package'],
  ['DELETE', '/vnfpkgm/v1/vnf_packages/*', `${PKG}delete`, 'admin', 'package'],
  ['GET', `${READ_PACKAGE}/package_content`, `${PKG}fetch_package_content`, 'reader', 'package'],
  ['PUT', '/vnfpkgm/v1/vnf_packages/*/package_content', `${PKG}upload_package_content`, 'admin', 'package'],
  ['POST', '/vnfpkgm/v1/vnf_packages/*/package_content/upload_from_uri', `${PKG}upload_from_uri`, 'admin'],
  ['GET', `${READ_PACKAGE}/vnfd`, `${PKG}get_vnf_package_vnfd`, 'reader', 'package'],
  ['GET', `${READ_PACKAGE}/manifest`, 'vnfm:vnfpkgm_v1:get_vnf_package_manifest', 'reader', 'package'],
  ['GET', `${READ_PACKAGE}/artifacts/**`, `${PKG}fetch_artifact`, 'reader', 'package'],
  ['POST', '/v1.0/vims', 'create_vim', 'admin'],
  ['GET', '/v1.0/vims', 'get_vim', 'reader', 'vim-list'],
  ['GET', '/v1.0/vims/*', 'get_vim', 'reader', 'vim'],
  ['PUT', '/v1.0/vims/*', 'update_vim', 'admin', 'vim'],
  ['DELETE', '/v1.0/vims/*', 'delete_vim', 'admin', 'vim'],
  ['GET', '/audit/v1/vnf_instances/*/events', 'vnfm:audit:events', 'reader'],
  ['GET', '/audit/v1/vnf_instances/*/state', 'vnfm:audit:state', 'reader'],
  ['GET', '/admin/v1/notifications/parked', 'vnfm:admin:parked_notifications:list', 'admin'],
  ['POST', '/admin/v1/notifications/parked/*/replay', 'vnfm:admin:parked_notifications:replay', 'admin'],
  ['POST', '/diagnostics/v1/probes', 'vnfm:diagnostics:probe', 'admin'],
];

/** A path no route names (the gateway serves none: a test checks each served route) needs reader to read, admin to change. */
const UNLISTED = { read: 'vnfm:unlisted:read', change: 'vnfm:unlisted:change' };

/**
 * Tacker's own base rules (tacker/policies/base.py), with Tacker's check
 * strings, for a policy file's check strings to refer to.
 */
const BASE_RULES: Record<string, string> = {
  context_is_admin: 'role:admin',
  admin_or_owner: 'is_admin:True or project_id:%(project_id)s',
  admin_only: 'is_admin:True',
  shared: 'field:vims:shared=True',
  project_member: 'role:member and project_id:%(project_id)s',
  project_member_or_admin: 'rule:project_member or rule:context_is_admin',
  project_reader: 'role:reader and project_id:%(project_id)s',
  project_reader_or_admin: 'rule:project_reader or rule:context_is_admin',
  default: 'rule:project_member_or_admin',
};

/** Every rule and its check string when no policy file overrides it. */
export const DEFAULT_RULES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(BASE_RULES),
  ...ROUTES.map(([, , rule, role]) => [rule, `role:${role}`] as const),
  [UNLISTED.read, 'role:reader'],
  [UNLISTED.change, 'role:admin'],
]);

const named = (prefix: string, names: string) => names.split(' ').map((name) => prefix + name);

/** Rules of Tacker's for APIs this VNF Manager does not serve: a policy file may name them; they guard nothing. */
export const TACKER_RULES_UNUSED: ReadonlySet<string> = new Set([
  `${V2}lcm_op_occ_delete`,
  'tacker_server_notification_api:server_notification:notify',
  ...named(
    'os_nfv_orchestration_api_v2:vnf_fault_monitor:',
    'index show update subscription_create subscription_list subscription_show subscription_delete',
  ),
  ...named(
    'os_nfv_orchestration_api_v2:vnf_performance_management:',
    'create index show update delete report_get create_threshold index_threshold show_threshold update_threshold delete_threshold',
  ),
  ...named('tacker_PROM_PLUGIN_api:PROM_PLUGIN:', 'alert pm_event pm_threshold auto_healing auto_scaling'),
]);

/** The rule guarding a request: HEAD as GET, paths compared in any case, a trailing `.json` (Tacker's VIM API) ignored. */
export const ruleFor = (method: string, path: string): string => routeFor(method, path).rule;

/** The rule guarding a request and what an enhanced-policy rule of it compares attributes with. */
export function routeFor(method: string, path: string): { rule: string; target?: TargetKind } {
  const verb = method === 'HEAD' ? 'GET' : method;
  const segments = path
    .replace(/\.json$/, '')
    .toLowerCase()
    .split('/')
    .filter(Boolean);
  const route = ROUTES.find(([routeMethod, pattern]) => routeMethod === verb && matches(pattern, segments));
  if (!route) return { rule: verb === 'GET' ? UNLISTED.read : UNLISTED.change };
  return { rule: route[2], target: route[4] };
}

function matches(pattern: string, segments: string[]): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const rest = wanted.at(-1) === '**';
  if (rest ? segments.length < wanted.length : segments.length !== wanted.length) return false;
  return wanted.every((want, index) => want === '*' || want === '**' || want.split('|').includes(segments[index]));
}
