import { AppError } from '@vnfm/contracts';

/** The external load balancer did not end as the hook needs it: HAProxy down, its configuration refused or missing what the script must write. */
export const externalLbFailed = (detail: string) => new AppError('EXTERNAL_LB_FAILED', 502, 'Bad Gateway', detail);

/**
 * install_external_lb.sh as kubespray_mgmt.py runs it (_install_and_set_lb):
 * `bash <script> -m <master addresses> -w <worker addresses>`, each list the
 * nodes' cluster-network (NIC) addresses joined by commas, with http_proxy
 * and https_proxy exported when both are given.
 */
export function installLbArgv(
  script: string,
  masters: readonly string[],
  workers: readonly string[],
  proxy?: { httpProxy?: string; httpsProxy?: string },
): string[] {
  const env = proxy?.httpProxy && proxy.httpsProxy ? ['env', `http_proxy=${proxy.httpProxy}`, `https_proxy=${proxy.httpsProxy}`] : [];
  return [...env, 'bash', script, '-m', masters.join(','), '-w', workers.join(',')];
}

/** configure_lb.sh as cnf_nodeport_mgmt.py runs it: `bash <script> -i <services> -a True|False` (add or delete their frontends). */
export function configureLbArgv(script: string, input: string, add: boolean): string[] {
  return ['bash', script, '-i', input, '-a', add ? 'True' : 'False'];
}
