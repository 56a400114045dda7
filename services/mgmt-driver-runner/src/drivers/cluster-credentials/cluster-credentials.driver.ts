import { isRecord, OutboundPolicy } from '@vnfm/util';
import { text } from 'node:stream/consumers';
import { ADDITIONAL_PARAMS_ROOT, type HookArtifact, type HookContext, type HookOutputs } from '@vnfm/contracts';
import { kubeConfigOf } from '@vnfm/kube-client';
import { namespaceOf } from '@vnfm/kubernetes-manifests';
import { artifactIsFor, type DriverDeps, type HookDriver, type HookPackageFiles, type HookSecrets } from '../hook-driver';
import { deregisterClusterVim } from '../vm-cluster/cluster-vim';
import { clusterOfManifests } from './cluster-name';
import { CREDENTIALS_PARAM, invalidCredentialsParams, readCredentialsParams, type CredentialsParams } from './credentials-params';
import { awaitKubeconfig } from './kubeconfig-secret';
import { managementVim } from './management-cluster';
import { deliverKubeconfig, receiverName, receiverNotAllowed } from './receiver-delivery';
import { workloadAccess } from './workload-access';
import { registerWorkloadVim, type WorkloadVim } from './workload-vim';

/** The hook's `vnfm_mgmt_driver` that names this driver (it has no Tacker sample file: it is only ever named). */
const CLUSTER_CREDENTIALS_DRIVER = 'cluster-credentials';
/** The driver's entry in `metadata.mgmtDriverOutputs`. */
const OUTPUT_KEY = 'cluster-credentials';
/** The hooks that (re)send the credentials: after the cluster is made, after a package change or a heal that may have re-made it. */
const SENDING_HOOKS = new Set(['instantiate_end', 'change_current_package_end', 'heal_end']);

/** What the driver records: never the kubeconfig or a credential. */
interface CredentialsOutput {
  clusterName: string;
  secret: string;
  receiver: string;
  attempts: number;
  deliveredAt: string;
  vim?: WorkloadVim;
}

/**
 * Sends a Cluster API workload cluster's credentials on (seed "Creating
 * Workload Cluster", steps 6-8): the `<cluster>-kubeconfig` Secret read from
 * the management cluster the CNF runs on, POSTed to the receiver the request
 * names, the cluster optionally registered as a Kubernetes VIM (deregistered
 * at terminate_end).
 */
export class ClusterCredentialsDriver implements HookDriver {
  readonly name = CLUSTER_CREDENTIALS_DRIVER;
  /** Where receivers may be (docs/outbound.md), checked before the operation starts and on every connection. */
  private readonly receiverPolicy: OutboundPolicy;
  /** The management cluster's VIM: its OIDC token URL is held to the VIM policy. */
  private readonly vimPolicy: OutboundPolicy;

  constructor(private readonly deps: DriverDeps) {
    this.receiverPolicy = OutboundPolicy.fromConfig(deps.runtime.config, 'mgmtReceiver');
    this.vimPolicy = OutboundPolicy.fromConfig(deps.runtime.config, 'vim');
  }

  matches(artifact: HookArtifact): boolean {
    return artifactIsFor(artifact, CLUSTER_CREDENTIALS_DRIVER);
  }

  /**
   * The parameters of a hook that sends, refused (422) before the operation
   * starts, the receiver's address included (a name that does not resolve
   * yet is left to the connection, which is checked again); a missing
   * cluster_name is settled at run time (the manifests may name the Cluster).
   */
  async checkParams(hook: string, additionalParams: Record<string, unknown>): Promise<void> {
    if (!SENDING_HOOKS.has(hook)) return;
    const { receiver } = readCredentialsParams(additionalParams);
    const refused = await this.receiverPolicy.refusalOf(receiver.url, { unresolved: 'allow' });
    if (refused) throw receiverNotAllowed(receiver.url, refused);
  }

  async run(context: HookContext, signal: AbortSignal, secrets: HookSecrets, files: HookPackageFiles): Promise<HookOutputs | undefined> {
    const earlier = (await secrets.open(context.earlierOutputs, '/metadata/mgmtDriverOutputs'))?.[OUTPUT_KEY];
    const earlierVim = isRecord(earlier) && isRecord(earlier['vim']) ? (earlier['vim'] as unknown as WorkloadVim) : undefined;
    if (context.hook === 'terminate_end') {
      if (earlierVim) await deregisterClusterVim(this.deps.runtime.bus, earlierVim.vimId);
      return earlier === undefined ? undefined : { [OUTPUT_KEY]: null };
    }
    if (!SENDING_HOOKS.has(context.hook)) {
      this.deps.runtime.logger.info(
        { hook: context.hook, vnfInstanceId: context.vnfInstanceId },
        `The cluster-credentials MgmtDriver does nothing at ${context.hook}.`,
      );
      return undefined;
    }
    const instantiateParams =
      context.instantiation?.additionalParams ??
      (context.operation === 'INSTANTIATE'
        ? (context.operationParams['additionalParams'] as Record<string, unknown> | undefined)
        : undefined);
    const operationParams = context.operationParams['additionalParams'];
    // A change_current_package or heal request may give new parameters; else the instantiation's serve.
    const requestParams =
      isRecord(operationParams) && operationParams[CREDENTIALS_PARAM] !== undefined ? operationParams : instantiateParams;
    const params = readCredentialsParams(await secrets.open(requestParams, ADDITIONAL_PARAMS_ROOT));
    const vim = managementVim(secrets.vimConnectionInfo, context.vnfInstanceId);
    const cluster = params.clusterName === undefined ? await clusterOfManifests(instantiateParams, files) : undefined;
    const clusterName = params.clusterName ?? cluster?.metadata.name ?? '';
    const namespace = params.namespace ?? cluster?.metadata.namespace ?? namespaceOf(instantiateParams, vim.extra);
    const ca = params.receiver.caCertPath !== undefined ? await this.packageCa(files, params.receiver.caCertPath) : params.receiver.caCert;
    const secret = { namespace, name: `${clusterName}-kubeconfig` };

    const refused = await this.receiverPolicy.refusalOf(params.receiver.url, { unresolved: 'allow' });
    if (refused) throw receiverNotAllowed(params.receiver.url, refused);
    const kubeconfig = await awaitKubeconfig(await kubeConfigOf(vim, this.vimPolicy), secret, signal);
    const attempts = await deliverKubeconfig(
      params.receiver,
      ca,
      { vnfInstanceId: context.vnfInstanceId, clusterName, kubeconfig },
      signal,
      this.receiverPolicy,
    );
    const output: CredentialsOutput = {
      clusterName,
      secret: `${namespace}/${secret.name}`,
      receiver: receiverName(params.receiver.url),
      attempts,
      deliveredAt: new Date().toISOString(),
    };
    this.deps.runtime.logger.info(
      { hook: context.hook, vnfInstanceId: context.vnfInstanceId, clusterName, receiver: output.receiver, attempts },
      'workload cluster kubeconfig delivered',
    );
    if (params.registerVim) output.vim = await this.replaceVim(context, params, clusterName, kubeconfig, earlierVim);
    else if (earlierVim) await deregisterClusterVim(this.deps.runtime.bus, earlierVim.vimId);
    return { [OUTPUT_KEY]: output };
  }

  /** A VIM of an earlier hook is replaced: the credentials may have changed with the cluster. */
  private async replaceVim(
    context: HookContext,
    params: CredentialsParams,
    clusterName: string,
    kubeconfig: string,
    earlierVim: WorkloadVim | undefined,
  ): Promise<WorkloadVim> {
    const access = await workloadAccess(kubeconfig, clusterName);
    if (earlierVim) await deregisterClusterVim(this.deps.runtime.bus, earlierVim.vimId);
    return registerWorkloadVim(this.deps.runtime.bus, { vnfInstanceId: context.vnfInstanceId, clusterName }, access, params.vimName);
  }

  private async packageCa(files: HookPackageFiles, path: string): Promise<string> {
    const pem = await text(files.read(path)).catch(() => undefined);
    if (!pem?.includes('-----BEGIN CERTIFICATE-----'))
      throw invalidCredentialsParams(
        `additionalParams.${CREDENTIALS_PARAM}.receiver.ca_cert_path names ${path}, which is not a PEM certificate file of the package.`,
      );
    return pem;
  }
}
