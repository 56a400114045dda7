import { ApiException } from '@kubernetes/client-node';

/** Cluster API's core group and the version its v1.14 CRDs store (tools/capi/crds.sh). */
export const GROUP = 'cluster.x-k8s.io';
export const VERSION = 'v1beta2';
export const API_VERSION = `${GROUP}/${VERSION}`;

// The finalizers and labels Cluster API's controllers use (cluster-api core/api/v1beta2 common_types.go).
export const CLUSTER_FINALIZER = 'cluster.cluster.x-k8s.io';
export const MACHINE_FINALIZER = 'machine.cluster.x-k8s.io';
export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
export const DEPLOYMENT_NAME_LABEL = 'cluster.x-k8s.io/deployment-name';
/** A Machine annotated so is deleted first on scale-down (Cluster API's DeleteMachineAnnotation). */
export const DELETE_MACHINE_ANNOTATION = 'cluster.x-k8s.io/delete-machine';
/** The type of the Secrets Cluster API writes (ClusterSecretType). */
export const CLUSTER_SECRET_TYPE = 'cluster.x-k8s.io/secret';

export const PLURALS = { Cluster: 'clusters', MachineDeployment: 'machinedeployments', Machine: 'machines' } as const;
export type CapiKind = keyof typeof PLURALS;

/** An object as the API server returns it (plain JSON). */
export interface Obj {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace: string;
    uid: string;
    generation?: number;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    finalizers?: string[];
    ownerReferences?: { apiVersion: string; kind: string; name: string; uid: string; controller?: boolean }[];
    deletionTimestamp?: string;
    creationTimestamp?: string;
  };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}

/** A metav1.Condition as Cluster API v1beta2 reports them (type, status, reason, message, lastTransitionTime, observedGeneration). */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

/** Conditions as wanted now, each keeping its lastTransitionTime when its status did not change (Kubernetes' condition convention). */
export function conditions(object: Obj, wanted: [type: string, ok: boolean, reason: string, message?: string][]): Condition[] {
  const current = Array.isArray(object.status?.['conditions']) ? (object.status['conditions'] as Condition[]) : [];
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return wanted.map(([type, ok, reason, message]) => {
    const status = ok ? 'True' : 'False';
    const before = current.find((c) => c.type === type);
    return {
      type,
      status,
      reason,
      message: message ?? '',
      lastTransitionTime: before?.status === status ? before.lastTransitionTime : now,
      observedGeneration: object.metadata.generation,
    };
  });
}

export const isDeleting = (object: Obj): boolean => Boolean(object.metadata.deletionTimestamp);
export const hasFinalizer = (object: Obj, finalizer: string): boolean => (object.metadata.finalizers ?? []).includes(finalizer);
export const isNotFound = (error: unknown): boolean => error instanceof ApiException && error.code === 404;
export const isConflict = (error: unknown): boolean => error instanceof ApiException && (error.code === 409 || error.code === 422);
export const ownerRef = (owner: Obj, kind: string) => ({
  apiVersion: API_VERSION,
  kind,
  name: owner.metadata.name,
  uid: owner.metadata.uid,
  controller: true,
  blockOwnerDeletion: true,
});
