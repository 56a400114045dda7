import { text } from 'node:stream/consumers';
import { ADDITIONAL_PARAMS_ROOT, type HookArtifact, type HookContext, type HookOutputs } from '@vnfm/contracts';
import {
  configureLbArgv,
  configureLbInput,
  externalLbFailed,
  frontendPorts,
  frontendsInFileOrder,
  invalidNodePortParams,
  NODEPORT_LB_PARAM,
  nodeportFrontendName,
  nodePortServices,
  planNodePortHook,
  readNodePortLbParams,
  type NodePortService,
} from '@vnfm/kubespray';
import { manifestObjects, manifestPathsOf, namespaceOf } from '@vnfm/kubernetes-manifests';
import { isRecord, OutboundPolicy } from '@vnfm/util';
import { HAPROXY_CONFIG } from '@vnfm/vm-cluster';
import { managementVim } from '../cluster-credentials/management-cluster';
import { artifactIsFor, type DriverDeps, type HookDriver, type HookPackageFiles, type HookSecrets } from '../hook-driver';
import { ExternalLb, packageScript } from '../kubespray/external-lb';
import { serviceNodePorts, type NodePortReader } from './service-node-ports';

/** The hook's `vnfm_mgmt_driver` that names this driver, whatever the artifact's file. */
const CNF_NODEPORT_DRIVER = 'cnf-nodeport';
/** The file Tacker's sample package (mgmt-kubespray-cnf-nodeport) names for its hooks. */
const TACKER_SAMPLE_FILE = 'cnf_nodeport_mgmt.py';
/** The hooks that read `lcm-kubernetes-external-lb` (the others do nothing). */
const ACTING_HOOKS = new Set(['instantiate_end', 'terminate_end', 'heal_start', 'heal_end']);

/** What the instance records: where the CNF's Services are exposed. */
interface NodePortOutput {
  loadBalancer: string;
  frontends: Record<string, number[]>;
}

/**
 * Tacker's CNF NodePort MgmtDriver (cnf_nodeport_mgmt.py with configure_lb.sh)
 * built in: a CNF on a kubespray cluster's Kubernetes VIM gets a frontend on
 * the cluster's external load balancer for each NodePort Service of its
 * manifests at instantiate_end (and at heal_end of the whole CNF), removed at
 * terminate_end (and at heal_start of the whole CNF). The package's script
 * (`lcm-kubernetes-external-lb.script_path`) makes the change on the load
 * balancer; the driver checks the result and HAProxy.
 */
export class CnfNodePortDriver implements HookDriver {
  readonly name = CNF_NODEPORT_DRIVER;
  private readonly nodePorts: NodePortReader;

  constructor(
    private readonly deps: DriverDeps,
    nodePorts?: NodePortReader,
  ) {
    this.nodePorts = nodePorts ?? serviceNodePorts(OutboundPolicy.fromConfig(deps.runtime.config, 'vim'));
  }

  /** Named by the hook (`vnfm_mgmt_driver: cnf-nodeport`), or Tacker's sample file when the hook names no driver. */
  matches(artifact: HookArtifact): boolean {
    return artifactIsFor(artifact, CNF_NODEPORT_DRIVER, TACKER_SAMPLE_FILE);
  }

  /** `lcm-kubernetes-external-lb` of an acting hook, refused (422) before the operation starts. */
  checkParams(hook: string, additionalParams: Record<string, unknown>): void {
    if (ACTING_HOOKS.has(hook)) readNodePortLbParams(additionalParams);
  }

  async run(context: HookContext, signal: AbortSignal, secrets: HookSecrets, files: HookPackageFiles): Promise<HookOutputs | undefined> {
    const plan = planNodePortHook(context.hook, context.operationParams);
    if (plan === 'nothing') {
      this.deps.runtime.logger.info(
        { hook: context.hook, vnfInstanceId: context.vnfInstanceId },
        `The CNF NodePort MgmtDriver does nothing at ${context.hook}${context.hook.startsWith('heal_') ? ' of VNFCs' : ''}.`,
      );
      return undefined;
    }
    const instantiation =
      context.instantiation?.additionalParams ??
      (context.operation === 'INSTANTIATE' && isRecord(context.operationParams['additionalParams'])
        ? context.operationParams['additionalParams']
        : undefined);
    // A terminate or heal request may name another load balancer or script; else the instantiation's serve (as Tacker's).
    const operationParams = context.operationParams['additionalParams'];
    const requestParams = isRecord(operationParams) && operationParams[NODEPORT_LB_PARAM] !== undefined ? operationParams : instantiation;
    const params = readNodePortLbParams(await secrets.open(requestParams, ADDITIONAL_PARAMS_ROOT));
    const vim = managementVim(
      secrets.vimConnectionInfo,
      context.vnfInstanceId,
      'the CNF NodePort MgmtDriver exposes the NodePort Services of a CNF on a Kubernetes VIM',
    );
    const services = await this.servicesOf(instantiation, vim.extra, files);
    if (services.length === 0) {
      this.deps.runtime.logger.info(
        { hook: context.hook, vnfInstanceId: context.vnfInstanceId },
        'The CNF has no NodePort Service: nothing to change on the load balancer.',
      );
      return undefined;
    }
    const script = await packageScript(files, params.scriptPath, () =>
      invalidNodePortParams(
        `additionalParams.${NODEPORT_LB_PARAM}.script_path names ${params.scriptPath}, which is not a file of the VNF package.`,
      ),
    );
    const withPorts = plan === 'add' ? await this.nodePorts(vim, services) : [];
    const session = await this.deps.shell.open(
      { host: params.sshIp, username: params.sshUsername, password: params.sshPassword, pinId: `external-lb:${params.sshIp}` },
      signal,
      [params.sshPassword],
    );
    try {
      const lb = new ExternalLb(session, `${params.sshUsername}@${params.sshIp}`);
      const config = await lb.readConfig();
      if (plan === 'remove') {
        if (config !== undefined) await removeFrontends(lb, script, services, config);
        return { [CNF_NODEPORT_DRIVER]: null };
      }
      if (config === undefined)
        throw externalLbFailed(
          `${HAPROXY_CONFIG} does not exist on the load balancer ${lb.where}: HAProxy is not installed there (the kubespray cluster's external_lb_param script installs it).`,
        );
      await removeFrontends(lb, script, services, config);
      await lb.runScript(script, (remote) => configureLbArgv(remote, configureLbInput(withPorts), true));
      const output: NodePortOutput = { loadBalancer: params.sshIp, frontends: await checkFrontends(lb, params.scriptPath, withPorts) };
      this.deps.runtime.logger.info(
        { hook: context.hook, vnfInstanceId: context.vnfInstanceId, ...output },
        'NodePort Services exposed on the external load balancer',
      );
      return { [CNF_NODEPORT_DRIVER]: output };
    } finally {
      await session.close();
    }
  }

  /** The NodePort Services of the instantiation's manifests, in the namespace the Kubernetes driver deployed them in. */
  private async servicesOf(
    instantiation: Record<string, unknown> | undefined,
    vimExtra: Record<string, unknown> | undefined,
    files: HookPackageFiles,
  ): Promise<NodePortService[]> {
    const paths = manifestPathsOf(instantiation);
    const texts: Record<string, string> = {};
    for (const path of paths) texts[path] = await text(files.read(path));
    return nodePortServices(
      manifestObjects(paths, texts).map(({ object }) => object),
      namespaceOf(instantiation, vimExtra),
    );
  }
}

/**
 * The Services' frontends deleted with the script (`-a False`), when `config`
 * (the load balancer's haproxy.cfg) has any: a retry or a heal adds them anew rather than twice.
 * They go in the order the file has them, as configure_lb.sh deletes each
 * from its `frontend` line to the first `default_backend kubernetes-nodeport`
 * line of the file. Then none may be left, and HAProxy must run.
 */
async function removeFrontends(
  lb: ExternalLb,
  script: { path: string; content: string },
  services: readonly NodePortService[],
  config: string,
): Promise<void> {
  const byName = new Map(services.map((service) => [nodeportFrontendName(service), service]));
  const present = frontendsInFileOrder(config, [...byName.keys()]);
  if (present.length === 0) return;
  await lb.runScript(script, (remote) =>
    configureLbArgv(remote, configureLbInput(present.map((name) => byName.get(name) as NodePortService)), false),
  );
  const after = (await lb.readConfig()) ?? '';
  const left = frontendsInFileOrder(after, present);
  if (left.length > 0)
    throw externalLbFailed(
      `The load balancer script ${script.path} -a False ended without error, but ${HAPROXY_CONFIG} on ${lb.where} still has frontend(s) ${left.join(', ')}.`,
    );
  await lb.expectRunning();
}

/** After `-a True`: a frontend per Service binding each of its NodePorts, and HAProxy running; the frontends as recorded. */
async function checkFrontends(
  lb: ExternalLb,
  scriptPath: string,
  services: readonly (NodePortService & { nodePorts: number[] })[],
): Promise<Record<string, number[]>> {
  const config = (await lb.readConfig()) ?? '';
  const frontends: Record<string, number[]> = {};
  for (const service of services) {
    const name = nodeportFrontendName(service);
    const bound = frontendPorts(config, name) ?? [];
    const missing = service.nodePorts.filter((port) => !bound.includes(port));
    if (missing.length > 0)
      throw externalLbFailed(
        `The load balancer script ${scriptPath} ended without error, but ${HAPROXY_CONFIG} on ${lb.where} has no frontend ${name} binding NodePort(s) ${missing.join(', ')}: the script must take configure_lb.sh's arguments (-i <namespace>,<name>,<nodePort>...[#...] -a True|False) and write those frontends as Tacker's does.`,
      );
    frontends[name] = service.nodePorts;
  }
  await lb.expectRunning();
  return frontends;
}
