import { CLUSTER_FINALIZER, CLUSTER_NAME_LABEL, conditions, hasFinalizer, isDeleting, type Obj } from './capi-contract';
import type { CapiClient } from './capi-client';
import type { PhaseClock } from './phase-clock';
import type { Requeue } from './work-queue';
import { ensureKubeconfigSecret } from './workload-kubeconfig';

/** How often a deleting Cluster looks again at what is left of its machines (their events requeue it too). */
const DELETE_POLL_MS = 500;

/**
 * A Cluster as Cluster API's cluster controller and a simulated
 * infrastructure/control-plane provider treat it: finalizer first; phase
 * Pending, then Provisioning after half the delay, then Provisioned after
 * the delay, when its kubeconfig Secret is written and its conditions
 * (v1beta2 names) turn True. Deleted: its MachineDeployments and Machines are
 * deleted and awaited gone before its finalizer is removed.
 */
export async function reconcileCluster(client: CapiClient, clock: PhaseClock, delayMs: number, cluster: Obj): Promise<Requeue> {
  if (isDeleting(cluster)) return deleteCluster(client, clock, cluster);
  if (!hasFinalizer(cluster, CLUSTER_FINALIZER)) {
    await client.setFinalizers('Cluster', cluster, [...(cluster.metadata.finalizers ?? []), CLUSTER_FINALIZER]);
    return undefined;
  }
  const phase = String(cluster.status?.['phase'] ?? '');
  if (phase === 'Provisioned') {
    await ensureKubeconfigSecret(client, cluster);
    await client.setStatus('Cluster', cluster, clusterStatus(cluster, 'Provisioned'));
    return undefined;
  }
  const elapsed = clock.elapsed(cluster.metadata.uid, 'created');
  if (elapsed >= delayMs) {
    // The credentials first: a client that sees Provisioned finds them.
    await ensureKubeconfigSecret(client, cluster);
    await client.setStatus('Cluster', cluster, clusterStatus(cluster, 'Provisioned'));
    return undefined;
  }
  await client.setStatus('Cluster', cluster, clusterStatus(cluster, elapsed >= delayMs / 2 ? 'Provisioning' : 'Pending'));
  return elapsed >= delayMs / 2 ? delayMs - elapsed : delayMs / 2 - elapsed;
}

function clusterStatus(cluster: Obj, phase: 'Pending' | 'Provisioning' | 'Provisioned' | 'Deleting'): Record<string, unknown> {
  const infrastructure = phase !== 'Pending';
  const provisioned = phase === 'Provisioned';
  return {
    phase,
    observedGeneration: cluster.metadata.generation,
    initialization: { infrastructureProvisioned: infrastructure, controlPlaneInitialized: provisioned },
    conditions: conditions(cluster, [
      ['InfrastructureReady', infrastructure, infrastructure ? 'Ready' : 'NotReady'],
      ['ControlPlaneInitialized', provisioned, provisioned ? 'Initialized' : 'NotInitialized'],
      ['ControlPlaneAvailable', provisioned, provisioned ? 'Available' : 'NotAvailable'],
      ['RemoteConnectionProbe', provisioned, provisioned ? 'ProbeSucceeded' : 'ProbeFailed'],
      ['Deleting', phase === 'Deleting', phase === 'Deleting' ? 'WaitingForWorkersDeletion' : 'NotDeleting'],
      ['Available', provisioned, provisioned ? 'Available' : 'NotAvailable', provisioned ? '' : `Cluster is ${phase}`],
    ]),
  };
}

async function deleteCluster(client: CapiClient, clock: PhaseClock, cluster: Obj): Promise<Requeue> {
  if (!hasFinalizer(cluster, CLUSTER_FINALIZER)) return undefined;
  const { namespace, name } = cluster.metadata;
  await client.setStatus('Cluster', cluster, clusterStatus(cluster, 'Deleting'));
  const deployments = (await client.list('MachineDeployment', namespace)).filter((md) => md.spec?.['clusterName'] === name);
  const machines = await client.list('Machine', namespace, `${CLUSTER_NAME_LABEL}=${name}`);
  for (const md of deployments.filter((item) => !isDeleting(item))) await client.delete('MachineDeployment', md);
  for (const machine of machines.filter((item) => !isDeleting(item))) await client.delete('Machine', machine);
  if (deployments.length + machines.length > 0) return DELETE_POLL_MS;
  await client.setFinalizers(
    'Cluster',
    cluster,
    (cluster.metadata.finalizers ?? []).filter((finalizer) => finalizer !== CLUSTER_FINALIZER),
  );
  clock.forget(cluster.metadata.uid);
  return undefined;
}
