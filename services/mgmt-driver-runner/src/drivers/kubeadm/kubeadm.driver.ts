import { ADDITIONAL_PARAMS_ROOT, type HookArtifact, type HookContext, type HookOutputs } from '@vnfm/contracts';
import { planKubeadmHook, readKubeadmParams, type KubeadmParams } from '@vnfm/kubeadm';
import { isRecord } from '@vnfm/util';
import { artifactIsFor, type DriverDeps, type HookDriver, type HookPackageFiles, type HookSecrets } from '../hook-driver';
import { destroyCluster, KubeadmOperations } from './kubeadm-operations';
import { KubeadmSession } from './kubeadm-session';

/** The hook's `vnfm_mgmt_driver` that names this driver, whatever the artifact's file (see docs/mgmt-drivers.md). */
const KUBEADM_DRIVER = 'kubeadm';
/** The files Tacker's kubeadm sample packages name for their hooks: v1 (kubernetes_vnf_package) and v2 (sol_v2_kubernetes_vnf_package). */
const TACKER_SAMPLE_FILES = ['kubernetes_mgmt.py', 'kubernetes_mgmt_v2.py'];
/** The hooks that read k8s_cluster_installation_param: their parameters are checked before the operation starts. */
const PARAM_HOOKS = new Set(['instantiate_end', 'scale_start', 'scale_end', 'heal_start', 'heal_end']);
/** Tacker v1's logins of a scale or heal request, replacing the instantiation's (kubernetes_mgmt.py `_get_username_pwd`). */
const LOGIN_OVERRIDES = {
  master: ['master_node_username', 'master_node_password'],
  worker: ['worker_node_username', 'worker_node_password'],
} as const;

/**
 * The parameters a hook works with: the operation's own
 * `k8s_cluster_installation_param` when its request gives one (Tacker v2's
 * driver reads the request's), else the instantiation's (v1 reads the
 * instance's), with v1's login overrides of a scale or heal request.
 */
function hookParams(instantiation: unknown, request: unknown): KubeadmParams {
  const own = isRecord(request) && request['k8s_cluster_installation_param'] !== undefined;
  const params = readKubeadmParams(own ? request : instantiation);
  if (!isRecord(request)) return params;
  const login = (role: keyof typeof LOGIN_OVERRIDES) => {
    const [user, password] = LOGIN_OVERRIDES[role].map((key) => request[key]);
    return typeof user === 'string' && user !== '' && typeof password === 'string' && password !== '' ? { username: user, password } : {};
  };
  return { ...params, master: { ...params.master, ...login('master') }, worker: { ...params.worker, ...login('worker') } };
}

/**
 * Tacker's kubeadm Kubernetes cluster MgmtDriver built in (kubernetes_mgmt.py,
 * kubernetes_mgmt_v2.py; tacker-specs "mgmt-driver-for-k8s-cluster",
 * "mgmt-driver-for-k8s-scale", "mgmt-driver-for-k8s-heal", "cir-k8s-cluster"):
 * the package's install_k8s_cluster.sh run on the VNF's VMs to build a
 * cluster with kubeadm (one master, or several behind a VIP), workers scaled,
 * masters and workers healed, the cluster registered as a Kubernetes VIM.
 */
export class KubeadmDriver implements HookDriver {
  readonly name = KUBEADM_DRIVER;

  constructor(private readonly deps: DriverDeps) {}

  /** Named by the hook (`vnfm_mgmt_driver: kubeadm`), or one of Tacker's sample files when the hook names no driver. */
  matches(artifact: HookArtifact): boolean {
    return TACKER_SAMPLE_FILES.some((file) => artifactIsFor(artifact, KUBEADM_DRIVER, file));
  }

  /** Tacker's refusals of k8s_cluster_installation_param (422 KUBEADM_PARAMS_INVALID), before anything starts. */
  checkParams(hook: string, additionalParams: Record<string, unknown>): void {
    if (PARAM_HOOKS.has(hook)) readKubeadmParams(additionalParams);
  }

  async run(context: HookContext, signal: AbortSignal, secrets: HookSecrets, files: HookPackageFiles): Promise<HookOutputs | undefined> {
    const earlierOutputs = (await secrets.open(context.earlierOutputs, '/metadata/mgmtDriverOutputs')) ?? {};
    const instantiation =
      context.instantiation?.additionalParams ??
      (context.operation === 'INSTANTIATE' ? context.operationParams['additionalParams'] : undefined);
    const request = context.operation === 'INSTANTIATE' ? undefined : context.operationParams['additionalParams'];
    // terminate_end needs no parameters: an instance instantiated with others (or none) still terminates.
    if (context.hook === 'terminate_end') return destroyCluster(this.deps.runtime.bus, earlierOutputs);
    const params = hookParams(
      await secrets.open(instantiation, ADDITIONAL_PARAMS_ROOT),
      await secrets.open(request, ADDITIONAL_PARAMS_ROOT),
    );
    const plan = planKubeadmHook(context, params);
    if (plan.kind === 'nothing') {
      this.deps.runtime.logger.info({ hook: context.hook, vnfInstanceId: context.vnfInstanceId }, plan.reason);
      return undefined;
    }
    const session = new KubeadmSession(this.deps.shell, params, signal, files);
    const operations = new KubeadmOperations(this.deps.runtime.bus, context, session, earlierOutputs);
    try {
      switch (plan.kind) {
        case 'create':
          return await operations.create();
        case 'destroy':
          return await destroyCluster(this.deps.runtime.bus, earlierOutputs);
        case 'removeNodes':
          return await operations.removeNodes(plan.masters, plan.workers);
        case 'joinNodes':
          return await operations.joinNodes(plan.masters, plan.workers);
      }
    } finally {
      await session.close();
    }
  }
}
