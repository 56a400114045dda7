import { Injectable } from '@nestjs/common';
import type { StepResult } from '@vnfm/contracts';
import { namespaceOf } from '@vnfm/kubernetes-manifests';
import { PackageCatalogClient, type StepContext as HostStepContext, type StepHandlers } from '@vnfm/step-host';
import { VimConnectionsClient } from '../bus/vim-connections.client';
import { KubeApi } from '../kube/kube-api';
import { kubeConfigOf } from '@vnfm/kube-client';
import { notBuilt } from '../not-built.steps';
import { instantiate } from './instantiate.step';
import type { InfraAction, KubeStepContext, KubeStepHandler } from './step-context';
import { changeVnfpkg } from './change-vnfpkg.step';
import { heal } from './heal.step';
import { scale } from './scale.step';
import { terminate } from './terminate.step';

type Built = 'instantiate' | 'terminate' | 'scale' | 'heal' | 'change_vnfpkg';
const ACTIONS: { [A in Built]: KubeStepHandler<A> } = { instantiate, terminate, scale, heal, change_vnfpkg: changeVnfpkg };

/**
 * The kubernetes-driver's step handlers for the step host: instantiate,
 * scale, heal, terminate and change_vnfpkg open the instance's Kubernetes VIM (credentials
 * from the VIM registry, for this step only) and act on its API server;
 * change_ext_conn fails at once saying it is not built.
 */
@Injectable()
export class KubernetesSteps {
  constructor(
    private readonly vims: VimConnectionsClient,
    private readonly packages: PackageCatalogClient,
  ) {}

  handlers(): StepHandlers {
    const run = (host: HostStepContext, action: Extract<InfraAction, { action: Built }>) => this.run(host, action);
    return { instantiate: run, terminate: run, scale: run, heal: run, change_vnfpkg: run, change_ext_conn: notBuilt('change_ext_conn') };
  }

  private async run(host: HostStepContext, action: Extract<InfraAction, { action: Built }>): Promise<StepResult> {
    const { message, signal, openSecrets } = host;
    const vim = await this.vims.kubernetesVim(message);
    const api = new KubeApi(await kubeConfigOf(vim.info));
    const context: KubeStepContext = {
      message,
      vimConnectionId: vim.vimConnectionId,
      api,
      namespace: namespaceOf(message.additionalParams, vim.info.extra),
      packages: this.packages,
      signal,
      openSecrets,
    };
    const handler = ACTIONS[action.action] as KubeStepHandler<Built>;
    return handler(context, action);
  }
}
