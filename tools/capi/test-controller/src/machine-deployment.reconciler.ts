import { randomBytes } from 'node:crypto';
import {
  API_VERSION,
  CLUSTER_NAME_LABEL,
  conditions,
  DELETE_MACHINE_ANNOTATION,
  DEPLOYMENT_NAME_LABEL,
  isDeleting,
  MACHINE_FINALIZER,
  ownerRef,
  type Obj,
} from './capi-contract';
import type { CapiClient } from './capi-client';
import { isReadyMachine } from './machine.reconciler';
import { selectorString } from './selector';
import type { Requeue } from './work-queue';

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const versionOf = (machineOrTemplateSpec: unknown): string => String(record(machineOrTemplateSpec)['version'] ?? '');

/** Scale-down order, as Cluster API's "Newest" delete policy with its annotation first: marked, then not ready, then newest. */
const deleteOrder = (a: Obj, b: Obj): number =>
  Number(DELETE_MACHINE_ANNOTATION in (b.metadata.annotations ?? {})) -
    Number(DELETE_MACHINE_ANNOTATION in (a.metadata.annotations ?? {})) ||
  Number(isReadyMachine(a)) - Number(isReadyMachine(b)) ||
  String(b.metadata.creationTimestamp).localeCompare(String(a.metadata.creationTimestamp));

/**
 * A MachineDeployment as Cluster API's MachineDeployment and MachineSet
 * controllers treat it (without the MachineSet between them): once its
 * Cluster is Provisioned, one Machine per replica from its template; more
 * replicas make Machines, fewer delete them; a template whose `version`
 * changed rolls the Machines one at a time (one extra new Machine, an old
 * one deleted once enough are Running: maxSurge 1, maxUnavailable 0). Its
 * status counts them for its /scale subresource (`replicas`, `selector`).
 */
export async function reconcileMachineDeployment(client: CapiClient, md: Obj): Promise<Requeue> {
  if (isDeleting(md)) return undefined;
  const { namespace, name } = md.metadata;
  const spec = record(md.spec);
  const template = record(spec['template']);
  const desired = typeof spec['replicas'] === 'number' ? spec['replicas'] : 1;
  const version = versionOf(template['spec']);
  const cluster = await client.get('Cluster', namespace, String(spec['clusterName']));
  const machines = (await client.list('Machine', namespace, `${DEPLOYMENT_NAME_LABEL}=${name}`)).filter((m) =>
    m.metadata.ownerReferences?.some((ref) => ref.uid === md.metadata.uid),
  );
  const live = machines.filter((machine) => !isDeleting(machine));
  const upToDate = live.filter((machine) => versionOf(machine.spec) === version);
  const outdated = live.filter((machine) => versionOf(machine.spec) !== version);
  if (cluster?.status?.['phase'] === 'Provisioned' && !isDeleting(cluster)) {
    const room = (outdated.length > 0 ? desired + 1 : desired) - live.length;
    for (let i = 0; i < Math.min(desired - upToDate.length, room); i += 1)
      await client.create('Machine', namespace, machineFor(md, template));
    // An outdated Machine goes once the others Running are enough without it (one not Running goes at once).
    const doomed = outdated.filter((machine) => !isReadyMachine(machine));
    let ready = live.filter(isReadyMachine).length;
    for (const machine of outdated.filter(isReadyMachine).sort(deleteOrder)) {
      if (ready - 1 < desired) break;
      doomed.push(machine);
      ready -= 1;
    }
    if (outdated.length === 0) doomed.push(...[...upToDate].sort(deleteOrder).slice(0, Math.max(0, upToDate.length - desired)));
    for (const machine of doomed) await client.delete('Machine', machine);
  }
  const readyCount = live.filter(isReadyMachine).length;
  const phase =
    machines.length < desired ? 'ScalingUp' : machines.length > desired ? 'ScalingDown' : readyCount === desired ? 'Running' : 'ScalingUp';
  await client.setStatus('MachineDeployment', md, {
    selector: selectorString(spec['selector']),
    replicas: machines.length,
    readyReplicas: readyCount,
    availableReplicas: readyCount,
    upToDateReplicas: upToDate.length,
    phase,
    observedGeneration: md.metadata.generation,
    conditions: conditions(md, [
      [
        'Available',
        readyCount >= desired,
        readyCount >= desired ? 'Available' : 'NotAvailable',
        `${readyCount}/${desired} Machines available`,
      ],
      ['MachinesReady', readyCount === live.length, readyCount === live.length ? 'Ready' : 'NotReady'],
      ['MachinesUpToDate', outdated.length === 0, outdated.length === 0 ? 'UpToDate' : 'NotUpToDate'],
      ['RollingOut', outdated.length > 0, outdated.length > 0 ? 'RollingOut' : 'NotRollingOut'],
      ['ScalingUp', live.length < desired, live.length < desired ? 'ScalingUp' : 'NotScalingUp'],
      ['ScalingDown', machines.length > desired, machines.length > desired ? 'ScalingDown' : 'NotScalingDown'],
    ]),
  });
  return undefined;
}

/** A new Machine from the template: labelled with its Cluster and MachineDeployment, owned by the latter, with the machine finalizer. */
function machineFor(md: Obj, template: Record<string, unknown>): object {
  const clusterName = String(record(md.spec)['clusterName']);
  const metadata = record(template['metadata']);
  return {
    apiVersion: API_VERSION,
    kind: 'Machine',
    metadata: {
      name: `${md.metadata.name}-${randomBytes(3).toString('hex')}`,
      labels: { ...record(metadata['labels']), [CLUSTER_NAME_LABEL]: clusterName, [DEPLOYMENT_NAME_LABEL]: md.metadata.name },
      annotations: record(metadata['annotations']),
      ownerReferences: [ownerRef(md, 'MachineDeployment')],
      finalizers: [MACHINE_FINALIZER],
    },
    spec: { ...record(template['spec']), clusterName },
  };
}
