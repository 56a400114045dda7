import {
  ADDITIONAL_PARAMS_ROOT,
  AppError,
  type HookArtifact,
  type HookContext,
  type HookOutputs,
  type VnfcResourceInfo,
} from '@vnfm/contracts';
import { cpAddress } from '@vnfm/vm-cluster';
import { artifactIsFor, type DriverDeps, type HookDriver, type HookPackageFiles, type HookSecrets } from '../hook-driver';
import { installRegistry } from './registry-install';
import { invalidRegistryParams, readRegistryParams, REGISTRY_PARAM, type RegistryParams } from './registry-params';

/** The hook's `vnfm_mgmt_driver` that names this driver, whatever the artifact's file. */
const PRIVATE_REGISTRY_DRIVER = 'private-registry';
/** The file Tacker's sample package (mgmt-private-registry) names for its hooks. */
const TACKER_SAMPLE_FILE = 'private_registry_mgmt.py';

/** The hooks that install the registry (on the instantiated VM, on a healed VM). */
const INSTALL_HOOKS = new Set(['instantiate_end', 'heal_end']);

/** The spec does not support scale (tacker-specs "cir-k8s-cluster"): its hooks are refused with 422. */
function refuseScale(hook: string): void {
  if (hook.startsWith('scale_'))
    throw new AppError(
      'PRIVATE_REGISTRY_OPERATION_NOT_SUPPORTED',
      422,
      'Unprocessable Entity',
      `The private registry VNF cannot be scaled (tacker-specs "cir-k8s-cluster": scale operation is not supported); ${hook} refused.`,
    );
}

/**
 * Tacker's Docker private registry MgmtDriver (tacker-specs "cir-k8s-cluster")
 * built in: at instantiate_end the registry on the VNF's VM, at heal_end on
 * the new VM. Scale is not supported by the spec and is refused; terminate
 * needs nothing.
 */
export class PrivateRegistryDriver implements HookDriver {
  readonly name = PRIVATE_REGISTRY_DRIVER;

  constructor(private readonly deps: DriverDeps) {}

  /** Named by the hook (`vnfm_mgmt_driver: private-registry`), or Tacker's sample file when the hook names no driver. */
  matches(artifact: HookArtifact): boolean {
    return artifactIsFor(artifact, PRIVATE_REGISTRY_DRIVER, TACKER_SAMPLE_FILE);
  }

  /**
   * Before the operation starts: a scale is refused (422), and the
   * `private_registry_installation_param` the install hooks read is checked
   * (422 naming the member; the sealed `ssh_password` for presence only), so
   * nothing is made for a request the hooks would refuse.
   */
  checkParams(hook: string, additionalParams: Record<string, unknown>): void {
    refuseScale(hook);
    if (INSTALL_HOOKS.has(hook)) readRegistryParams(additionalParams);
  }

  async run(context: HookContext, signal: AbortSignal, secrets: HookSecrets, files: HookPackageFiles): Promise<HookOutputs | undefined> {
    refuseScale(context.hook);
    if (!INSTALL_HOOKS.has(context.hook)) {
      this.deps.runtime.logger.info(
        { hook: context.hook, vnfInstanceId: context.vnfInstanceId },
        `The private registry MgmtDriver does nothing at ${context.hook}.`,
      );
      return undefined;
    }
    // heal_end reads the instantiate request's parameters, as the spec's heal sequence does.
    const requestParams =
      context.instantiation?.additionalParams ??
      (context.operation === 'INSTANTIATE' ? context.operationParams['additionalParams'] : undefined);
    const params = readRegistryParams(await secrets.open(requestParams, ADDITIONAL_PARAMS_ROOT));
    const vms = registryVms(context.hook === 'heal_end' ? context.vnfcs.added : context.vnfcs.current, params, context.hook);
    const installed: Record<string, unknown> = {};
    for (const { vnfc, address } of vms) {
      const session = await this.deps.shell.open(
        { host: address, username: params.sshUsername, password: params.sshPassword, pinId: vnfc.computeResource.resourceId || vnfc.id },
        signal,
        [params.sshPassword],
      );
      try {
        await installRegistry(session, params, files);
        installed[vnfc.id] = { address, port: params.portNo };
      } finally {
        await session.close();
      }
    }
    return vms.length > 0 ? { 'private-registry': installed } : undefined;
  }
}

/** The VNFCs with the CP `ssh_cp_name` and its address; at instantiate_end there must be one. */
function registryVms(
  vnfcs: readonly VnfcResourceInfo[],
  params: RegistryParams,
  hook: string,
): { vnfc: VnfcResourceInfo; address: string }[] {
  const vms = vnfcs.flatMap((vnfc) => {
    const address = cpAddress(vnfc, params.sshCpName);
    return address ? [{ vnfc, address }] : [];
  });
  if (vms.length === 0 && hook === 'instantiate_end')
    throw invalidRegistryParams(
      `No VNFC of the instance has an address on CP ${params.sshCpName} named by additionalParams.${REGISTRY_PARAM}.ssh_cp_name.`,
    );
  return vms;
}
