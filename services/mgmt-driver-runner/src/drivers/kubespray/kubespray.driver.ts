import { ADDITIONAL_PARAMS_ROOT, type HookArtifact, type HookContext, type HookOutputs } from '@vnfm/contracts';
import { planHook, readClusterParams } from '@vnfm/kubespray';
import { artifactIsFor, type DriverDeps, type HookDriver, type HookPackageFiles, type HookSecrets } from '../hook-driver';
import { ClusterOperations } from './cluster-operations';
import { ClusterSession } from './cluster-session';

/** The hook's `vnfm_mgmt_driver` that names this driver, whatever the artifact's file (see docs/mgmt-drivers.md). */
const KUBESPRAY_DRIVER = 'kubespray';
/** The file Tacker's sample package (mgmt-kubespray) names for its hooks. */
const TACKER_SAMPLE_FILE = 'kubespray_mgmt.py';

/**
 * Tacker's kubespray MgmtDriver (tacker-specs "k8s-mgmtdriver-kubespray"
 * and "mgmt-driver-for-k8s-scale") built in: a Kubernetes cluster on the
 * VNF's VMs made with kubespray's playbooks on an Ansible server, an external
 * load balancer routing to its workers, the cluster registered as a
 * Kubernetes VIM; workers scaled and healed.
 */
export class KubesprayDriver implements HookDriver {
  readonly name = KUBESPRAY_DRIVER;

  constructor(private readonly deps: DriverDeps) {}

  /** Named by the hook (`vnfm_mgmt_driver: kubespray`), or Tacker's sample file when the hook names no driver. */
  matches(artifact: HookArtifact): boolean {
    return artifactIsFor(artifact, KUBESPRAY_DRIVER, TACKER_SAMPLE_FILE);
  }

  /**
   * Every hook of this driver reads the instantiation's
   * `k8s_cluster_installation_param`: refused (422, naming the member) before
   * the operation starts, so no VM is made for a request the hooks would
   * refuse. Sealed passwords are checked for presence only.
   */
  checkParams(_hook: string, additionalParams: Record<string, unknown>): void {
    readClusterParams(additionalParams);
  }

  async run(context: HookContext, signal: AbortSignal, secrets: HookSecrets, files: HookPackageFiles): Promise<HookOutputs | undefined> {
    // The instantiate request's parameters serve every later hook (a scale_end needs the Ansible server too).
    const requestParams =
      context.instantiation?.additionalParams ??
      (context.operation === 'INSTANTIATE' ? context.operationParams['additionalParams'] : undefined);
    const params = readClusterParams(await secrets.open(requestParams, ADDITIONAL_PARAMS_ROOT));
    const plan = planHook(context, params);
    if (plan.kind === 'nothing') {
      this.deps.runtime.logger.info({ hook: context.hook, vnfInstanceId: context.vnfInstanceId }, plan.reason);
      return undefined;
    }
    const earlierOutputs = await secrets.open(context.earlierOutputs, '/metadata/mgmtDriverOutputs');
    const session = new ClusterSession(this.deps.shell, params, signal, files);
    const operations = new ClusterOperations(this.deps.runtime.bus, context, session, earlierOutputs ?? {});
    try {
      switch (plan.kind) {
        case 'create':
          return await operations.create();
        case 'destroy':
          return await operations.destroy();
        case 'removeWorkers':
          return await operations.removeWorkers(plan.workers);
        case 'addWorkers':
          return await operations.addWorkers(plan.workers);
      }
    } finally {
      await session.close();
    }
  }
}
