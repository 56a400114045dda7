import { conditions, hasFinalizer, isDeleting, MACHINE_FINALIZER, type Obj } from './capi-contract';
import type { CapiClient } from './capi-client';
import type { PhaseClock } from './phase-clock';
import type { Requeue } from './work-queue';

/**
 * A Machine as Cluster API's machine controller and a simulated
 * infrastructure provider treat it: phase Provisioning, then Running after
 * the delay with a `nodeRef` (the node it would be in the workload cluster,
 * named after it) and its conditions True. Deleted: phase Deleting, its
 * finalizer removed after the delay (the node drained and the machine
 * released).
 */
export async function reconcileMachine(client: CapiClient, clock: PhaseClock, delayMs: number, machine: Obj): Promise<Requeue> {
  const { uid } = machine.metadata;
  if (isDeleting(machine)) {
    if (!hasFinalizer(machine, MACHINE_FINALIZER)) return undefined;
    const elapsed = clock.elapsed(uid, 'deleting');
    if (elapsed < delayMs) {
      await client.setStatus('Machine', machine, { ...machineStatus(machine, 'Deleting'), nodeRef: machine.status?.['nodeRef'] });
      return delayMs - elapsed;
    }
    await client.setFinalizers(
      'Machine',
      machine,
      (machine.metadata.finalizers ?? []).filter((finalizer) => finalizer !== MACHINE_FINALIZER),
    );
    clock.forget(uid);
    return undefined;
  }
  if (!hasFinalizer(machine, MACHINE_FINALIZER)) {
    await client.setFinalizers('Machine', machine, [...(machine.metadata.finalizers ?? []), MACHINE_FINALIZER]);
    return undefined;
  }
  const elapsed = clock.elapsed(uid, 'created');
  const running = machine.status?.['phase'] === 'Running' || elapsed >= delayMs;
  await client.setStatus(
    'Machine',
    machine,
    running ? { ...machineStatus(machine, 'Running'), nodeRef: { name: machine.metadata.name } } : machineStatus(machine, 'Provisioning'),
  );
  return running ? undefined : delayMs - elapsed;
}

function machineStatus(machine: Obj, phase: 'Provisioning' | 'Running' | 'Deleting'): Record<string, unknown> {
  const running = phase === 'Running';
  return {
    phase,
    observedGeneration: machine.metadata.generation,
    initialization: { bootstrapDataSecretCreated: true, infrastructureProvisioned: running },
    conditions: conditions(machine, [
      ['BootstrapConfigReady', true, 'Ready'],
      ['InfrastructureReady', running, running ? 'Ready' : 'NotReady'],
      ['NodeReady', running, running ? 'NodeReady' : 'NodeNotReady'],
      ['NodeHealthy', running, running ? 'NodeHealthy' : 'NodeNotHealthy'],
      ['Deleting', phase === 'Deleting', phase === 'Deleting' ? 'DrainingNode' : 'NotDeleting'],
      ['Ready', running, running ? 'Ready' : 'NotReady', running ? '' : `Machine is ${phase}`],
      ['Available', running, running ? 'Available' : 'NotAvailable'],
    ]),
  };
}

/** A Machine Running and not going away. */
export const isReadyMachine = (machine: Obj): boolean => !isDeleting(machine) && machine.status?.['phase'] === 'Running';
