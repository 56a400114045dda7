import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AdmissionregistrationV1Api,
  ApiextensionsV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { infraUp } from './infra-script';
import { ensureK8s } from './k8s';

/**
 * The Cluster API providers as tools/capi runs them: each one's release
 * components (CRDs, RBAC, webhooks, the manager's Deployment, in its own
 * namespace) are a management-cluster CNF's manifests; capi-host runs a
 * provider's manager on this machine while its Deployment exists.
 */
const PROVIDERS = ['cluster-api', 'bootstrap-kubeadm', 'control-plane-kubeadm', 'infrastructure-docker'] as const;
/** The package paths of the providers' components in managementFolder's package. */
export const MANAGEMENT_FILES = PROVIDERS.map((provider) => `Files/kubernetes/capi-${provider}.yaml`);
/** The namespaces the providers' components put their objects in. */
export const PROVIDER_NAMESPACES = ['capi-system', 'capi-kubeadm-bootstrap-system', 'capi-kubeadm-control-plane-system', 'capd-system'];
/** capi-host's health port of each provider's manager (tools/capi/host/main.go). */
const HEALTH_PORTS = [16470, 16471, 16472, 16473];
/** A cold `capi.sh up` builds the managers (minutes); later ones take a second. */
export const CAPI_UP_TIMEOUT_MS = 30 * 60_000;
const MANAGERS_READY_MS = 120_000;

/** Starts capi-host (after the API server it watches) unless it runs; returns the directory of the providers' components. */
export async function ensureCapi(): Promise<string> {
  await ensureK8s();
  const env = await infraUp('tools/capi/capi.sh', CAPI_UP_TIMEOUT_MS);
  const dir = env['CAPI_COMPONENTS'];
  if (!dir) throw new Error('tools/capi/capi.sh up printed no CAPI_COMPONENTS');
  return dir;
}

/** A package folder (to stage over a package) holding the providers' components as Files/kubernetes/capi-<provider>.yaml. */
export function managementFolder(components: string, into: string): string {
  mkdirSync(join(into, 'Files', 'kubernetes'), { recursive: true });
  for (const provider of PROVIDERS)
    copyFileSync(join(components, `${provider}.yaml`), join(into, 'Files', 'kubernetes', `capi-${provider}.yaml`));
  return into;
}

/**
 * Waits until every provider's manager serves (its webhooks answer): the
 * management CNF's Deployments are Available once kwok says their pods run,
 * a few seconds before the managers capi-host starts for them are up, as a
 * pod is Running before its readiness probe passes.
 */
export async function managersReady(timeoutMs = MANAGERS_READY_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const port of HEALTH_PORTS) {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the Cluster API manager with health port ${port} is not ready after ${timeoutMs} ms`);
      await sleep(250);
    }
  }
}

const CAPI_GROUP = /(^|\.)cluster\.x-k8s\.io$/;

/**
 * A test's start: what a killed run left of Cluster API is let go. The
 * objects of every Cluster API kind lose their finalizers and are deleted
 * (their managers may be gone with that run), then the providers' webhook
 * configurations go (they fail closed: with no manager behind them, no
 * Cluster API object could be written). The files that use Cluster API run
 * one at a time (lane group capi-crds), so whatever exists when one starts is stale.
 */
export async function releaseStaleCapiObjects(kubeconfig: string): Promise<void> {
  const config = new KubeConfig();
  config.loadFromFile(kubeconfig);
  const extensions = config.makeApiClient(ApiextensionsV1Api);
  const custom = config.makeApiClient(CustomObjectsApi);
  const admission = config.makeApiClient(AdmissionregistrationV1Api);
  const webhooks = (name: string) => PROVIDER_NAMESPACES.some((ns) => name.startsWith(ns.replace(/-system$/, '')));
  for (const hook of (await admission.listMutatingWebhookConfiguration()).items)
    if (webhooks(String(hook.metadata?.name))) await admission.deleteMutatingWebhookConfiguration({ name: String(hook.metadata?.name) });
  for (const hook of (await admission.listValidatingWebhookConfiguration()).items)
    if (webhooks(String(hook.metadata?.name))) await admission.deleteValidatingWebhookConfiguration({ name: String(hook.metadata?.name) });
  for (const crd of (await extensions.listCustomResourceDefinition()).items) {
    if (!CAPI_GROUP.test(crd.spec.group)) continue;
    const version = crd.spec.versions.find((v) => v.storage)?.name ?? crd.spec.versions[0].name;
    const kind = { group: crd.spec.group, version, plural: crd.spec.names.plural };
    const { items } = (await custom.listClusterCustomObject(kind)) as { items: { metadata: { name: string; namespace: string } }[] };
    for (const { metadata } of items) {
      const object = { ...kind, namespace: metadata.namespace, name: metadata.name };
      await custom
        .patchNamespacedCustomObject(
          { ...object, body: { metadata: { finalizers: null } } },
          setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
        )
        .catch(() => undefined);
      await custom.deleteNamespacedCustomObject(object).catch(() => undefined);
    }
  }
}
