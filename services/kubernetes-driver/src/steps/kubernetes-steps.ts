import { Inject, Injectable } from '@nestjs/common';
import { AppError, type StepResult, type VimConnectionRef } from '@vnfm/contracts';
import { namespaceOf, movesEveryObject } from '@vnfm/kubernetes-manifests';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { OutboundPolicy } from '@vnfm/util';
import { VIM_CONNECTION_TYPES } from '@vnfm/vim-domain';
import { PackageCatalogClient, VimConnectionsClient, type StepContext as HostStepContext, type StepHandlers } from '@vnfm/step-host';
import { KubeApi } from '../kube/kube-api';
import { kubeConfigOf } from '@vnfm/kube-client';
import { notBuilt } from '../not-built.steps';
import { instantiate } from './instantiate.step';
import type { InfraAction, KubeStepContext, KubeStepHandler } from './step-context';
import { changeVnfpkg } from './change-vnfpkg.step';
import { heal } from './heal.step';
import { scale } from './scale.step';
import { terminate } from './terminate.step';
import { HelmCli } from '../helm/helm-cli';
import { releaseNameOf } from '../helm/helm-release';
import { helmChangeVnfpkg, helmInstantiate, helmScale, helmTerminate } from '../helm/helm.steps';

type Built = 'instantiate' | 'terminate' | 'scale' | 'heal' | 'change_vnfpkg';
const ACTIONS: { [A in Built]: KubeStepHandler<A> } = { instantiate, terminate, scale, heal, change_vnfpkg: changeVnfpkg };
/** On a Helm VIM: Helm installs, scales, changes and uninstalls the release; heal is the same (pods replaced). */
const HELM_ACTIONS: { [A in Built]: KubeStepHandler<A> } = {
  instantiate: helmInstantiate,
  terminate: helmTerminate,
  scale: helmScale,
  heal,
  change_vnfpkg: helmChangeVnfpkg,
};

/**
 * The kubernetes-driver's step handlers for the step host: instantiate,
 * scale, heal, terminate and change_vnfpkg open the instance's Kubernetes VIM (credentials
 * from the VIM registry, for this step only) and act on its API server;
 * change_ext_conn fails at once saying it is not built.
 */
@Injectable()
export class KubernetesSteps {
  /** An OIDC VIM's token URL is held to the VIM address policy each time its password is sent (docs/outbound.md). */
  private readonly vimPolicy: OutboundPolicy;
  /** VNFM_HELM_BINARY: without it a Helm VIM's steps are refused. */
  private readonly helmBinary: string | undefined;

  constructor(
    private readonly vims: VimConnectionsClient,
    private readonly packages: PackageCatalogClient,
    @Inject(SERVICE_RUNTIME) runtime: ServiceRuntime,
  ) {
    this.vimPolicy = OutboundPolicy.fromConfig(runtime.config, 'vim');
    this.helmBinary = runtime.config.helmBinary;
  }

  handlers(): StepHandlers {
    const run = (host: HostStepContext, action: Extract<InfraAction, { action: Built }>) => this.run(host, action);
    return { instantiate: run, terminate: run, scale: run, heal: run, change_vnfpkg: run, change_ext_conn: notBuilt('change_ext_conn') };
  }

  private async run(host: HostStepContext, action: Extract<InfraAction, { action: Built }>): Promise<StepResult> {
    const { message, signal, openSecrets } = host;
    const vim = await this.vims.stepVim(message, 'kubernetes', (ref) => refuseHelm(ref, this.helmBinary));
    const kubeConfig = await kubeConfigOf(vim.info, this.vimPolicy);
    const helm = vim.ref.vimType === VIM_CONNECTION_TYPES.helm && this.helmBinary ? this.helmBinary : undefined;
    const context: KubeStepContext = {
      message,
      vimConnectionId: vim.vimConnectionId,
      api: new KubeApi(kubeConfig),
      namespace: namespaceOf(message.additionalParams, vim.info.extra),
      moveAll: movesEveryObject(message.additionalParams, vim.info.extra),
      packages: this.packages,
      signal,
      openSecrets,
      ...(helm ? { helm: { cli: new HelmCli(helm, kubeConfig, signal), release: releaseNameOf(message.vnfInstanceId) } } : {}),
    };
    const handler = (helm ? HELM_ACTIONS : ACTIONS)[action.action] as KubeStepHandler<Built>;
    return handler(context, action);
  }
}

/** Without a helm binary, Helm VIMs are refused at the request; a step that still names one (an older occurrence) is refused before the VIM is opened. */
function refuseHelm(ref: VimConnectionRef, helmBinary: string | undefined): void {
  if (ref.vimType === VIM_CONNECTION_TYPES.helm && !helmBinary)
    throw new AppError(
      'KUBERNETES_DRIVER_NOT_AVAILABLE',
      422,
      'Unprocessable Entity',
      `The Kubernetes infra driver has no Helm binary (VNFM_HELM_BINARY) to deploy Helm charts with (${VIM_CONNECTION_TYPES.helm} VIM ${ref.vimId}).`,
    );
}
