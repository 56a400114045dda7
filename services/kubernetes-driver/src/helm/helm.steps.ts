import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError, type StepResult } from '@vnfm/contracts';
import { diffVnfcs, vduCountsAt } from '@vnfm/lcm-domain';
import { isRecord } from '@vnfm/util';
import { awaitReady } from '../kube/await-ready';
import { instanceDeployment } from '../steps/instance-deployment';
import { instanceObjects } from '../steps/instance-objects';
import { instanceVnfcs } from '../steps/instance-vnfcs';
import { awaitScaled } from '../steps/scale.step';
import type { KubeStepContext, KubeStepHandler } from '../steps/step-context';
import { deleteInstance } from '../steps/terminate.step';
import { flavourOf, vduTargets } from '../steps/vdu-targets';
import { postRenderer, recordOf, type HelmRecord } from './helm-release';

/**
 * The CNF steps on a Helm VIM (`ETSINFV.HELM.V_3`), as Tacker's v2 Helm
 * driver does them, with the `helm` binary of VNFM_HELM_BINARY: the release
 * is `vnf` and the instance id without dashes, in the instance's namespace;
 * its objects get the instance's label from the post-renderer, so they are
 * found, awaited, healed and deleted as a CNF's own manifests are.
 */
export const helmInstantiate: KubeStepHandler<'instantiate'> = async (context, action) => {
  const { message } = context;
  const helm = helmOf(context);
  const params = instantiateParams(message.additionalParams);
  const flavour = await flavourOf(context, action.flavourId);
  const record: HelmRecord = { chartPath: params.chartPath, valueNames: params.valueNames };
  const values = { ...params.parameters, ...replicaValues(record, action.vduCounts, Object.keys(action.vduCounts)) };
  await withChart(context, message.vnfdId, record.chartPath, (chart) =>
    helm.cli.installOrUpgrade(helm.release, chart, context.namespace, values, postRenderer(message.vnfInstanceId, record)),
  );
  const objects = await instanceObjects(context);
  while (await awaitReady(context.api, objects, context.signal));
  const known = new Set(message.vnfcResourceInfo.map((vnfc) => vnfc.id));
  return { vnfcsAdded: (await instanceVnfcs(context, await vduTargets(context, flavour, objects))).filter((vnfc) => !known.has(vnfc.id)) };
};

/**
 * Scale: `helm upgrade --reuse-values` of the release's chart with each
 * scaled VDU's replica value (`helm_value_names`) at the VNFD's count for
 * the target scale status; then each VDU's workload awaited with that many
 * pods, none terminating.
 */
export const helmScale: KubeStepHandler<'scale'> = async (context, action) => {
  const helm = helmOf(context);
  const deployment = await instanceDeployment(context);
  const record = releaseRecord(deployment.objects.map((item) => item.object));
  const counts = vduCountsAt(deployment.flavour, undefined, action.targetScaleStatus);
  const scaled = Object.keys(action.vduDelta);
  const values = replicaValues(record, counts, scaled);
  await withChart(context, context.message.vnfdId, record.chartPath, (chart) =>
    helm.cli.upgrade(helm.release, chart, deployment.context.namespace, values, postRenderer(context.message.vnfInstanceId, record)),
  );
  for (const vduId of scaled) {
    const target = deployment.targets.get(vduId);
    if (target) await awaitScaled(deployment.context, target, Math.max(0, counts[vduId] ?? 0));
  }
  const { added, removedIds } = diffVnfcs(context.message.vnfcResourceInfo, await instanceVnfcs(deployment.context, deployment.targets));
  return { vnfcsAdded: added, vnfcIdsRemoved: removedIds };
};

/**
 * Change of current VNF package (Tacker's `upgrade_type: RollingUpdate`), and
 * its rollback: `helm upgrade --reuse-values` to the target package's chart
 * (`target.additionalParams.helm_chart_path`, else the release's), each VDU
 * awaited rolled out; the VNFCs are the diff of the pods.
 */
export const helmChangeVnfpkg: KubeStepHandler<'change_vnfpkg'> = async (context, action) => {
  const helm = helmOf(context);
  const deployment = await instanceDeployment(context);
  const current = releaseRecord(deployment.objects.map((item) => item.object));
  const chartPath = text(action.target.additionalParams, 'helm_chart_path') ?? current.chartPath;
  const record: HelmRecord = { ...current, chartPath };
  await withChart(context, action.target.vnfdId, chartPath, (chart) =>
    helm.cli.upgrade(helm.release, chart, deployment.context.namespace, {}, postRenderer(context.message.vnfInstanceId, record)),
  );
  const targetContext: KubeStepContext = { ...deployment.context, message: { ...context.message, vnfdId: action.target.vnfdId } };
  const objects = await instanceObjects(targetContext);
  while (await awaitReady(context.api, objects, context.signal));
  const targets = await vduTargets(targetContext, await flavourOf(targetContext, action.flavourId), objects);
  const { added, removedIds } = diffVnfcs(context.message.vnfcResourceInfo, await instanceVnfcs(targetContext, targets));
  return { vnfcsAdded: added, vnfcIdsRemoved: removedIds };
};

/** Terminate: `helm uninstall` of the release, then whatever of the instance is left deleted and everything awaited gone (see deleteInstance). */
export const helmTerminate: KubeStepHandler<'terminate'> = async (context, action): Promise<StepResult> => {
  const helm = helmOf(context);
  const objects = await instanceObjects(context);
  const namespace =
    objects.map((item) => item.object.metadata.namespace).find((ns): ns is string => typeof ns === 'string') ?? context.namespace;
  await helm.cli.uninstall(helm.release, namespace);
  return deleteInstance(context, action, objects);
};

function helmOf(context: KubeStepContext): NonNullable<KubeStepContext['helm']> {
  if (!context.helm) throw new Error('a Helm step without its Helm context');
  return context.helm;
}

/** The chart file of the package, in a private temporary directory for the length of `use`. */
async function withChart<T>(context: KubeStepContext, vnfdId: string, chartPath: string, use: (chart: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'vnfm-chart-'));
  try {
    const chart = join(dir, 'chart.tgz');
    try {
      await pipeline(context.packages.read(vnfdId, chartPath), createWriteStream(chart, { mode: 0o600 }));
    } catch (error) {
      throw new AppError(
        'HELM_CHART_NOT_FOUND',
        422,
        'Unprocessable Entity',
        `The package of VNFD ${vnfdId} has no chart archive at ${chartPath} (additionalParams.helm_chart_path): ${error instanceof Error ? error.message : String(error)}.`,
      );
    }
    return await use(chart);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Each VDU's replica value (`helm_value_names[VDU].replica`) at its count, for the VDUs given; a VDU without one cannot be scaled. */
function replicaValues(record: HelmRecord, counts: Record<string, number>, vduIds: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const vduId of vduIds) {
    const key = record.valueNames[vduId]?.replica;
    if (!key)
      throw new AppError(
        'HELM_PARAMETER_NOT_FOUND',
        422,
        'Unprocessable Entity',
        `additionalParams.helm_value_names has no replica value for VDU ${vduId}: its replica count cannot be set.`,
      );
    values[key] = String(Math.max(0, counts[vduId] ?? 0));
  }
  return values;
}

/** The record the release's objects carry (helm-release.ts); an instance whose objects carry none was not deployed by Helm. */
function releaseRecord(objects: readonly { metadata: Record<string, unknown> }[]): HelmRecord {
  for (const object of objects) {
    const record = recordOf(object as never);
    if (record) return record;
  }
  throw new AppError(
    'HELM_RELEASE_NOT_FOUND',
    422,
    'Unprocessable Entity',
    'No object of the instance carries its Helm release record: it was not deployed by Helm.',
  );
}

interface InstantiateParams {
  chartPath: string;
  parameters: Record<string, string>;
  valueNames: HelmRecord['valueNames'];
}

const text = (params: Record<string, unknown> | undefined, key: string): string | undefined =>
  typeof params?.[key] === 'string' && params[key].length > 0 ? params[key] : undefined;

/** Tacker's v2 Helm parameters: `helm_chart_path` and `helm_value_names` required, `helm_parameters` optional. */
export function instantiateParams(additionalParams: Record<string, unknown> | undefined): InstantiateParams {
  const refuse = (what: string) =>
    new AppError('HELM_PARAMETERS_NOT_USABLE', 422, 'Unprocessable Entity', `additionalParams.${what} (a Helm VIM's instantiation).`);
  const chartPath = text(additionalParams, 'helm_chart_path');
  if (!chartPath) throw refuse('helm_chart_path must name the chart archive in the package');
  const names = additionalParams?.['helm_value_names'];
  if (!isRecord(names) || !Object.values(names).every(isRecord))
    throw refuse('helm_value_names must map each VDU to its values ({"VDU1": {"replica": "replicaCountVdu1"}})');
  const raw = additionalParams?.['helm_parameters'] ?? {};
  if (!isRecord(raw) || !Object.values(raw).every((value) => ['string', 'number', 'boolean'].includes(typeof value)))
    throw refuse('helm_parameters must map value names to strings, numbers or booleans');
  const valueNames: HelmRecord['valueNames'] = {};
  for (const [vduId, value] of Object.entries(names)) {
    const replica = (value as Record<string, unknown>)['replica'];
    valueNames[vduId] = typeof replica === 'string' ? { replica } : {};
  }
  return { chartPath, parameters: Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, String(value)])), valueNames };
}
