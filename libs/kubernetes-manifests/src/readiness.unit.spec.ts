import { readinessOf } from './readiness';

const object = (apiVersion: string, kind: string, extra: Record<string, unknown> = {}, generation = 1) => ({
  apiVersion,
  kind,
  metadata: { name: 'x', generation },
  ...extra,
});

describe('readiness of an object as the API server reports it', () => {
  it('a Deployment is ready once every replica is updated and available and the rollout observed', () => {
    const deployment = (status: Record<string, unknown>) =>
      readinessOf(object('apps/v1', 'Deployment', { spec: { replicas: 2 }, status }, 2));
    expect(deployment({ observedGeneration: 1, updatedReplicas: 2, availableReplicas: 2, replicas: 2 })).toEqual({
      ready: false,
      reason: 'rollout not yet observed',
    });
    expect(deployment({ observedGeneration: 2, updatedReplicas: 2, availableReplicas: 1, replicas: 2 })).toEqual({
      ready: false,
      reason: '1/2 replicas available, 2 updated',
    });
    expect(deployment({ observedGeneration: 2, updatedReplicas: 2, availableReplicas: 2, replicas: 3 })).toMatchObject({ ready: false });
    expect(deployment({ observedGeneration: 2, updatedReplicas: 2, availableReplicas: 2, replicas: 2 })).toEqual({ ready: true });
    expect(
      deployment({ conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: 'too slow' }] }),
    ).toEqual({ ready: false, reason: 'ProgressDeadlineExceeded: too slow', failed: true });
  });

  it('StatefulSets, ReplicaSets and DaemonSets by their ready pods', () => {
    expect(
      readinessOf(
        object('apps/v1', 'StatefulSet', {
          spec: { replicas: 1 },
          status: { observedGeneration: 1, readyReplicas: 1, updatedReplicas: 1 },
        }),
      ),
    ).toEqual({ ready: true });
    expect(
      readinessOf(object('apps/v1', 'ReplicaSet', { spec: { replicas: 2 }, status: { observedGeneration: 1, readyReplicas: 1 } })),
    ).toEqual({ ready: false, reason: '1/2 replicas ready' });
    expect(
      readinessOf(
        object('apps/v1', 'DaemonSet', {
          status: { observedGeneration: 1, desiredNumberScheduled: 3, numberReady: 3, updatedNumberScheduled: 3 },
        }),
      ),
    ).toEqual({ ready: true });
  });

  it('a Pod by its Ready condition; a failed Pod or Job fails at once; a Job when Complete', () => {
    expect(readinessOf(object('v1', 'Pod', { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } }))).toEqual({
      ready: true,
    });
    expect(readinessOf(object('v1', 'Pod', { status: { phase: 'Pending' } }))).toEqual({ ready: false, reason: 'phase Pending' });
    expect(readinessOf(object('v1', 'Pod', { status: { phase: 'Failed', reason: 'Evicted' } }))).toEqual({
      ready: false,
      reason: 'pod failed: Evicted',
      failed: true,
    });
    expect(readinessOf(object('batch/v1', 'Job', { status: { conditions: [{ type: 'Complete', status: 'True' }] } }))).toEqual({
      ready: true,
    });
    expect(
      readinessOf(
        object('batch/v1', 'Job', { status: { conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }] } }),
      ),
    ).toMatchObject({ failed: true });
  });

  it('a PVC when Bound, a Service with its cluster IP, a CRD when Established, a ConfigMap once it exists', () => {
    expect(readinessOf(object('v1', 'PersistentVolumeClaim', { status: { phase: 'Pending' } }))).toEqual({
      ready: false,
      reason: 'phase Pending',
    });
    expect(readinessOf(object('v1', 'Service', { spec: { clusterIP: '10.0.0.1' } }))).toEqual({ ready: true });
    expect(readinessOf(object('v1', 'Service', { spec: {} }))).toEqual({ ready: false, reason: 'no cluster IP yet' });
    expect(
      readinessOf(
        object('apiextensions.k8s.io/v1', 'CustomResourceDefinition', {
          status: { conditions: [{ type: 'Established', status: 'True' }] },
        }),
      ),
    ).toEqual({ ready: true });
    expect(readinessOf(object('v1', 'ConfigMap'))).toEqual({ ready: true });
  });

  it('a custom resource by its Ready or Available condition, else its observedGeneration, else once it exists', () => {
    const cr = (status?: Record<string, unknown>) => readinessOf(object('example.com/v1', 'Widget', status ? { status } : {}, 3));
    expect(cr({ conditions: [{ type: 'Ready', status: 'False', reason: 'Provisioning' }] })).toEqual({
      ready: false,
      reason: 'Ready is False (Provisioning)',
    });
    expect(cr({ conditions: [{ type: 'Available', status: 'True' }] })).toEqual({ ready: true });
    expect(cr({ observedGeneration: 2 })).toEqual({ ready: false, reason: 'generation not yet observed' });
    expect(cr({ observedGeneration: 3 })).toEqual({ ready: true });
    expect(cr()).toEqual({ ready: true });
    // A condition reported for an older generation says nothing of the current one.
    expect(cr({ observedGeneration: 2, conditions: [{ type: 'Ready', status: 'True' }] })).toEqual({
      ready: false,
      reason: 'generation not yet observed',
    });
  });

  it('a custom resource that counts replicas (a Cluster API MachineDeployment) once as many are ready and up to date as asked, and no more exist', () => {
    const md = (status: Record<string, unknown>) =>
      readinessOf(
        object(
          'cluster.x-k8s.io/v1beta2',
          'MachineDeployment',
          { spec: { replicas: 3 }, status: { observedGeneration: 2, conditions: [{ type: 'Available', status: 'True' }], ...status } },
          2,
        ),
      );
    expect(md({ replicas: 3, readyReplicas: 3, upToDateReplicas: 3 })).toEqual({ ready: true });
    // Rolling to a new version: the old Machines still count ready, the new ones are not up yet.
    expect(md({ replicas: 3, readyReplicas: 3, upToDateReplicas: 0 })).toEqual({
      ready: false,
      reason: '3/3 replicas ready, 0 up to date, 3 in all',
    });
    // Scaled in: a Machine being deleted still counts.
    expect(md({ replicas: 4, readyReplicas: 3, upToDateReplicas: 3 })).toMatchObject({ ready: false });
    expect(md({ replicas: 3, readyReplicas: 1, upToDateReplicas: 3 })).toMatchObject({ ready: false });
  });
});
