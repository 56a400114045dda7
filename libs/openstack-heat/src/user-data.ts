import { AppError } from '@vnfm/contracts';
import { isRecord } from '@vnfm/util';
import type { VnfdFlavour } from '@vnfm/vnfd';

/** The request keys naming a package's user-data script and its class (Tacker's lcm-operation-user-data). */
const USER_DATA_PATH = 'lcm-operation-user-data';
const USER_DATA_CLASS = 'lcm-operation-user-data-class';

/**
 * How a recognised script fills the stack parameters:
 * - `user-data-util`: Tacker v1's UserDataUtil functions (flavour and image
 *   from the VNFD, networks and fixed IPs from extVirtualLinks, top-level
 *   parameters from additionalParams; see userDataUtilNfv);
 * - `default`: Tacker v2's DefaultUserData, what the VNFM does when no
 *   script is named (see instantiateNfv).
 */
type UserDataKind = 'user-data-util' | 'default';

/** A user-data class Tacker publishes, by the file it is in and its class name; the VNFM does what it does, never runs it. */
export interface PublishedUserData {
  file: string;
  className: string;
  kind: UserDataKind;
}

/**
 * Every published class whose behaviour the VNFM reproduces. The v1 scripts
 * of the kubeadm (`k8s_cluster_user_data.py`) and kubespray, Ansible and
 * free5gc (`lcm_user_data.py`) sample packages call the same UserDataUtil
 * functions in the same order; v2's built-in default is copied into
 * packages as `userdata_default.py`, and the v2 basic-lcms-max package's
 * `userdata.py` is that default plus ports from extLinkPorts, which the
 * default fill here does too.
 */
const PUBLISHED: readonly PublishedUserData[] = [
  { file: 'k8s_cluster_user_data.py', className: 'KubernetesClusterUserData', kind: 'user-data-util' },
  { file: 'lcm_user_data.py', className: 'SampleUserData', kind: 'user-data-util' },
  { file: 'userdata_default.py', className: 'DefaultUserData', kind: 'default' },
  { file: 'userdata.py', className: 'UserData', kind: 'default' },
];

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const published = () => PUBLISHED.map((entry) => `${entry.className} in ${entry.file}`).join(', ');

const notAvailable = (detail: string) => new AppError('USER_DATA_NOT_AVAILABLE', 422, 'Unprocessable Entity', detail);

/**
 * The user-data script a request's additionalParams name (Tacker's
 * `lcm-operation-user-data` and `-class`), recognised by its file name and
 * class; undefined when they name none. Refused with 422: only one of the two
 * keys, or a script the VNFM does not know (it never runs a package's
 * Python). Given the flavour an instantiation deploys, also a flavour without
 * a BaseHOT (a script fills a BaseHOT's parameters; Tacker fails it the same
 * way); a change of package to such a flavour keeps the instantiation's
 * script, which its template built from the VNFD does not use.
 */
export function requestedUserData(additionalParams: unknown, instantiated?: VnfdFlavour): PublishedUserData | undefined {
  const params = isRecord(additionalParams) ? additionalParams : {};
  const path = params[USER_DATA_PATH];
  const className = params[USER_DATA_CLASS];
  if (path === undefined && className === undefined) return undefined;
  if (typeof path !== 'string' || typeof className !== 'string' || path === '' || className === '')
    throw notAvailable(`additionalParams must give both ${USER_DATA_PATH} and ${USER_DATA_CLASS} as strings, or neither.`);
  const script = PUBLISHED.find((entry) => entry.file === fileName(path) && entry.className === className);
  if (!script)
    throw notAvailable(
      `The user-data class ${className} of ${path} is not one this VNFM knows: it does not run a package's Python, it does what Tacker's published user-data classes do (${published()}). Name one of those, or leave ${USER_DATA_PATH} out and give the BaseHOT's nfv parameters in additionalParams.nfv.`,
    );
  if (instantiated && !instantiated.baseHot)
    throw notAvailable(
      `${className} of ${path} fills the parameters of a BaseHOT, and flavour ${instantiated.flavourId} has none: leave ${USER_DATA_PATH} out, the template is built from the VNFD.`,
    );
  return script;
}
