import { isRecord } from '@vnfm/util';
import { declaredReadiness } from './declared-readiness';
import { groupOf, type KubeObject } from './kube-object';
import { isBuiltInGroup } from './instance-objects';

/** Whether an object as the API server reports it is ready; `failed` when it never will be (the step fails at once). */
export type Readiness = { ready: true } | { ready: false; reason: string; failed?: boolean };

type Status = Record<string, unknown>;
interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

const READY: Readiness = { ready: true };
const notReady = (reason: string, failed = false): Readiness => ({ ready: false, reason, ...(failed ? { failed } : {}) });
const num = (value: unknown, fallback = 0): number => (typeof value === 'number' ? value : fallback);
const conditionsOf = (status: Status): Condition[] =>
  Array.isArray(status['conditions']) ? (status['conditions'] as unknown[]).filter(isRecord).map((c) => c as unknown as Condition) : [];
const condition = (status: Status, type: string) => conditionsOf(status).find((c) => c.type === type);
const why = (c: Condition | undefined) => (c ? `${c.reason ?? c.type}${c.message ? `: ${c.message}` : ''}` : '');

/** The controller has not seen the latest spec yet (`status.observedGeneration` < `metadata.generation`). */
function stale(object: KubeObject, status: Status): boolean {
  const generation = object.metadata['generation'];
  return typeof generation === 'number' && num(status['observedGeneration'], -1) < generation;
}

const specReplicas = (object: KubeObject): number => num(isRecord(object['spec']) ? object['spec']['replicas'] : undefined, 1);

const RULES: Record<string, (object: KubeObject, status: Status) => Readiness> = {
  'apps/Deployment': (object, status) => {
    const progressing = condition(status, 'Progressing');
    if (progressing?.reason === 'ProgressDeadlineExceeded') return notReady(why(progressing), true);
    const want = specReplicas(object);
    if (stale(object, status)) return notReady('rollout not yet observed');
    if (num(status['updatedReplicas']) < want || num(status['availableReplicas']) < want || num(status['replicas']) > want) {
      return notReady(`${num(status['availableReplicas'])}/${want} replicas available, ${num(status['updatedReplicas'])} updated`);
    }
    return READY;
  },
  'apps/StatefulSet': (object, status) => {
    const want = specReplicas(object);
    if (stale(object, status)) return notReady('rollout not yet observed');
    return num(status['readyReplicas']) >= want && num(status['updatedReplicas'], want) >= want
      ? READY
      : notReady(`${num(status['readyReplicas'])}/${want} replicas ready`);
  },
  'apps/ReplicaSet': (object, status) => {
    const want = specReplicas(object);
    if (stale(object, status)) return notReady('not yet observed');
    return num(status['readyReplicas']) >= want ? READY : notReady(`${num(status['readyReplicas'])}/${want} replicas ready`);
  },
  'apps/DaemonSet': (object, status) => {
    const want = num(status['desiredNumberScheduled']);
    if (stale(object, status)) return notReady('rollout not yet observed');
    return num(status['numberReady']) >= want && num(status['updatedNumberScheduled'], want) >= want
      ? READY
      : notReady(`${num(status['numberReady'])}/${want} pods ready`);
  },
  '/Pod': (_object, status) => {
    if (status['phase'] === 'Succeeded') return READY;
    if (status['phase'] === 'Failed') return notReady(`pod failed${status['reason'] ? `: ${String(status['reason'])}` : ''}`, true);
    const ready = condition(status, 'Ready');
    return ready?.status === 'True' ? READY : notReady(`phase ${String(status['phase'] ?? 'Pending')}${ready ? `, ${why(ready)}` : ''}`);
  },
  'batch/Job': (_object, status) => {
    const failed = condition(status, 'Failed');
    if (failed?.status === 'True') return notReady(`job failed: ${why(failed)}`, true);
    return condition(status, 'Complete')?.status === 'True'
      ? READY
      : notReady(`${num(status['succeeded'])} pod(s) succeeded, not complete`);
  },
  '/PersistentVolumeClaim': (_object, status) =>
    status['phase'] === 'Bound' ? READY : notReady(`phase ${String(status['phase'] ?? 'Pending')}`),
  '/Service': (object) => {
    const spec = isRecord(object['spec']) ? object['spec'] : {};
    return spec['type'] === 'ExternalName' || (typeof spec['clusterIP'] === 'string' && spec['clusterIP'] !== '')
      ? READY
      : notReady('no cluster IP yet');
  },
  'apiextensions.k8s.io/CustomResourceDefinition': (_object, status) => {
    const established = condition(status, 'Established');
    return established?.status === 'True' ? READY : notReady(established ? why(established) : 'not yet Established');
  },
};

/** How many replicas a custom resource's status counts ready and up to date (Kubernetes' `updatedReplicas`, Cluster API v1beta2's `upToDateReplicas`), when it counts them. */
function replicaCounts(object: KubeObject, status: Status): Readiness | undefined {
  const spec = isRecord(object['spec']) ? object['spec'] : {};
  if (typeof status['readyReplicas'] !== 'number' || typeof spec['replicas'] !== 'number') return undefined;
  const want = spec['replicas'];
  const ready = num(status['readyReplicas']);
  const all = num(status['replicas'], ready);
  const upToDate = num(status['upToDateReplicas'], num(status['updatedReplicas'], want));
  return ready === want && all === want && upToDate >= want
    ? READY
    : notReady(`${ready}/${want} replicas ready, ${upToDate} up to date, ${all} in all`);
}

/**
 * A custom resource is ready when its controller has observed its
 * generation (when it reports `status.observedGeneration`), its `Ready` or
 * `Available` condition (if it has one) is True, and, when its status counts
 * replicas (`readyReplicas`, as a Cluster API MachineDeployment's does), as
 * many are ready and up to date as `spec.replicas` asks and no more exist;
 * a CR without status is ready once it exists.
 */
function customResourceReadiness(object: KubeObject, status: Status): Readiness {
  if (status['observedGeneration'] !== undefined && stale(object, status)) return notReady('generation not yet observed');
  const marker = condition(status, 'Ready') ?? condition(status, 'Available');
  if (marker && marker.status !== 'True')
    return notReady(`${marker.type} is ${marker.status}${why(marker) !== marker.type ? ` (${why(marker)})` : ''}`);
  return replicaCounts(object, status) ?? READY;
}

/**
 * Readiness of an object as the API server reports it: by the rules its
 * package declares on it (declared-readiness.ts), once its controller has
 * observed its generation; else Deployments, StatefulSets, DaemonSets and
 * ReplicaSets rolled out, Pods Ready, Jobs Complete, PVCs Bound, Services
 * with a cluster IP, CRDs Established, custom resources by their
 * conditions; any other built-in kind once it exists.
 */
export function readinessOf(object: KubeObject): Readiness {
  const status = isRecord(object['status']) ? object['status'] : {};
  const declared = declaredReadiness(object);
  if (declared) {
    if (declared.failed) return notReady(declared.reason, true);
    if (status['observedGeneration'] !== undefined && stale(object, status)) return notReady('generation not yet observed');
    return declared.ready ? READY : notReady(declared.reason);
  }
  const group = groupOf(object.apiVersion);
  const rule = RULES[`${group}/${object.kind}`];
  if (rule) return rule(object, status);
  return isBuiltInGroup(group) ? READY : customResourceReadiness(object, status);
}
