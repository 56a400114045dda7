import { isIP } from 'node:net';
import { AppError } from '@vnfm/contracts';
import type { KubeObject } from '@vnfm/kubernetes-manifests';
import { isRecord } from '@vnfm/util';
import { healsWholeVnf } from '@vnfm/vm-cluster';

/**
 * Tacker's CNF NodePort MgmtDriver (samples/mgmt_driver/kubernetes/kubespray/
 * cnf_nodeport_setting: cnf_nodeport_mgmt.py and configure_lb.sh): a CNF on a
 * kubespray cluster's VIM gets, on the cluster's external load balancer, a
 * frontend for each of its NodePort Services.
 */

/** `additionalParams` member the driver reads (cnf_nodeport_mgmt.py, _check_input_parameters). */
export const NODEPORT_LB_PARAM = 'lcm-kubernetes-external-lb';

export interface NodePortLbParams {
  /** Package path of the script run on the load balancer (Tacker's configure_lb.sh contract), a leading `./` dropped. */
  scriptPath: string;
  sshIp: string;
  sshUsername: string;
  sshPassword: string;
}

export const invalidNodePortParams = (detail: string) => new AppError('CNF_NODEPORT_PARAMS_INVALID', 422, 'Unprocessable Entity', detail);

const PATH = `additionalParams.${NODEPORT_LB_PARAM}`;

function text(value: Record<string, unknown>, key: string, path: string): string {
  const found = value[key];
  if (found === undefined || found === null || found === '')
    throw invalidNodePortParams(`${path}.${key} is required by the CNF NodePort MgmtDriver and is missing or empty.`);
  // The value is never echoed: it may be a password.
  if (typeof found !== 'string') throw invalidNodePortParams(`${path}.${key} must be a string.`);
  return found;
}

/** A text that becomes a command-line word or a path: one line, no leading '-'. */
function word(value: Record<string, unknown>, key: string, path: string): string {
  const found = text(value, key, path);
  if (/[\r\n\0]/.test(found) || found.startsWith('-'))
    throw invalidNodePortParams(`${path}.${key} must be a single line not starting with '-'.`);
  return found;
}

/**
 * `additionalParams.lcm-kubernetes-external-lb`, checked as Tacker's driver
 * checks it (an object; `script_path`; `external_lb_param.ssh_ip`, an IP
 * address, `ssh_username`, `ssh_password`), before anything is contacted.
 * Before the operation starts the password is sealed: its presence only is checked then.
 */
export function readNodePortLbParams(additionalParams: unknown): NodePortLbParams {
  const param = isRecord(additionalParams) ? additionalParams[NODEPORT_LB_PARAM] : undefined;
  if (param === undefined || param === null)
    throw invalidNodePortParams(
      `${PATH} is required by the CNF NodePort MgmtDriver: the load balancer (external_lb_param: ssh_ip, ssh_username, ssh_password) and the script_path run on it.`,
    );
  if (!isRecord(param)) throw invalidNodePortParams(`${PATH} must be an object.`);
  const lb = param['external_lb_param'];
  if (!isRecord(lb))
    throw invalidNodePortParams(`${PATH}.external_lb_param is required by the CNF NodePort MgmtDriver and must be an object.`);
  const scriptPath = word(param, 'script_path', PATH).replace(/^(\.\/)+/, '');
  if (scriptPath.startsWith('/') || scriptPath.split('/').includes('..'))
    throw invalidNodePortParams(`${PATH}.script_path must be a path inside the VNF package.`);
  const lbPath = `${PATH}.external_lb_param`;
  const sshIp = word(lb, 'ssh_ip', lbPath);
  if (isIP(sshIp) === 0) throw invalidNodePortParams(`${lbPath}.ssh_ip must be an IP address, not ${JSON.stringify(sshIp.slice(0, 64))}.`);
  const sshPassword = text(lb, 'ssh_password', lbPath);
  if (sshPassword.includes('\0')) throw invalidNodePortParams(`${lbPath}.ssh_password must not hold a NUL character.`);
  return { scriptPath, sshIp, sshUsername: word(lb, 'ssh_username', lbPath), sshPassword };
}

/** A NodePort Service of the CNF, where the Kubernetes driver deployed it. */
export interface NodePortService {
  namespace: string;
  name: string;
}

/** The Services of type NodePort among the CNF's manifests, in the namespace the instance deploys its objects in. */
export function nodePortServices(objects: readonly KubeObject[], namespace: string): NodePortService[] {
  return objects
    .filter((object) => object.kind === 'Service' && object.apiVersion === 'v1')
    .filter((object) => isRecord(object['spec']) && object['spec']['type'] === 'NodePort')
    .map((object) => ({ namespace, name: object.metadata.name }));
}

/**
 * configure_lb.sh's `-i`: `<namespace>,<name>[,<nodePort>...]` per Service,
 * joined by `#` (cnf_nodeport_mgmt.py, _get_script_input_parameter): with
 * the ports to add frontends, without them to delete.
 */
export function configureLbInput(services: readonly (NodePortService & { nodePorts?: readonly number[] })[]): string {
  return services.map((service) => [service.namespace, service.name, ...(service.nodePorts ?? [])].join(',')).join('#');
}

/** What the driver does at a hook: as Tacker's, frontends added after the CNF is deployed, deleted after it is gone. */
export type NodePortPlan = 'add' | 'remove' | 'nothing';

export function planNodePortHook(hook: string, operationParams: Record<string, unknown>): NodePortPlan {
  switch (hook) {
    case 'instantiate_end':
      return 'add';
    case 'terminate_end':
      return 'remove';
    // A heal of the whole CNF re-creates its Services (a NodePort not fixed may change): removed, then added anew.
    case 'heal_start':
      return healsWholeVnf(operationParams) ? 'remove' : 'nothing';
    case 'heal_end':
      return healsWholeVnf(operationParams) ? 'add' : 'nothing';
    default:
      return 'nothing';
  }
}
