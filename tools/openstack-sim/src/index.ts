import { AddressPool } from './compute/address-pool';
import { registerNovaRoutes } from './compute/nova.routes';
import { startHttpServer } from './http/http-server';
import { Router } from './http/router';
import { AuthGuard } from './identity/auth-guard';
import { registerKeystoneRoutes } from './identity/keystone.routes';
import { registerGlanceRoutes } from './image/glance.routes';
import { WebDownloads } from './image/web-download';
import { serviceUrls } from './identity/service-catalog';
import { TokenStore } from './identity/token-store';
import { registerHeatResourceRoutes } from './orchestration/heat-resource.routes';
import { registerHeatStackRoutes } from './orchestration/heat-stack.routes';
import { OperationScheduler } from './orchestration/operation-scheduler';
import { StackOperations } from './orchestration/stack-operations';
import { StackReconciler } from './orchestration/stack-reconciler';
import { StackStore } from './orchestration/stack-store';
import { CloudState } from './resources/cloud-state';
import { ProviderRegistry } from './resources/provider-registry';
import { systemClock } from './common/clock';
import { FaultInjector } from './simulator/fault-injector';
import { buildDirectory, primaryCredentials, type SimCredentials } from './simulator/identity-setup';
import { registerSimRoutes } from './simulator/sim.routes';
import { DEFAULT_ADDRESS_POOL, type OpenStackSimulatorOptions } from './simulator/simulator-options';
import { dumpState, type SimStateDump } from './simulator/state-dump';

export type { OpenStackSimulatorOptions } from './simulator/simulator-options';
export type { SimStateDump, StackState } from './simulator/state-dump';

export interface OpenStackSimulator {
  /** `http://host:port`. */
  readonly url: string;
  /** Keystone v3 root, `http://host:port/identity/v3`. */
  readonly keystoneUrl: string;
  readonly credentials: SimCredentials;
  /** Inject failures, delays and unreachable servers (same specs as `POST /_sim/faults`). */
  readonly faults: FaultInjector;
  state(): SimStateDump;
  /** Requests answered so far per service (`heat-api`, `compute`, `image`, `identity`, `_sim`): how often a client asks. */
  requestCounts(): Readonly<Record<string, number>>;
  /** Forgets all stacks, servers, flavours, images and faults (tokens stay valid). */
  reset(): void;
  close(): Promise<void>;
}

/** Starts Keystone v3, Heat v1, Nova v2.1 and Glance v2 simulators on one HTTP port. */
export async function startOpenStackSimulator(options: OpenStackSimulatorOptions = {}): Promise<OpenStackSimulator> {
  const clock = options.clock ?? systemClock;
  const region = options.region ?? 'RegionOne';
  const directory = buildDirectory(options);
  const cloud = new CloudState(new AddressPool(options.addressPool ?? DEFAULT_ADDRESS_POOL));
  const store = new StackStore();
  const reconciler = new StackReconciler(store, clock, (nested) => new ProviderRegistry(cloud, nested, clock));
  const scheduler = new OperationScheduler();
  const faults = new FaultInjector(cloud.servers);
  const operations = new StackOperations({ store, reconciler, scheduler, faults, delayMs: options.delayMs ?? 0, clock });
  const tokens = new TokenStore(options.tokenTtlSeconds ?? 3600, clock);
  const downloads = new WebDownloads(clock);

  const router = new Router();
  const host = options.host ?? '127.0.0.1';
  const server = await startHttpServer(router, host, options.port ?? 0);
  const url = `http://${host}:${server.port}`;
  const urls = serviceUrls(url);
  const guard = new AuthGuard(tokens, urls.identity);
  const state = (): SimStateDump => dumpState(store, cloud, faults);
  const reset = (): void => {
    scheduler.cancelAll();
    downloads.stopAll();
    store.clear();
    cloud.reset();
    faults.clear();
  };

  registerKeystoneRoutes(router, { directory, tokens, urls, region });
  const heatDeps = { guard, store, operations, reconciler, baseUrl: url };
  registerHeatResourceRoutes(router, heatDeps);
  registerHeatStackRoutes(router, heatDeps);
  registerNovaRoutes(router, { guard, servers: cloud.servers, flavors: cloud.flavors, root: `${url}/compute` });
  registerGlanceRoutes(router, { guard, images: cloud.images, downloads, clock });
  registerSimRoutes(router, { faults, state, reset });

  return {
    url,
    keystoneUrl: `${urls.identity}/v3`,
    credentials: primaryCredentials(directory, urls.identity, region),
    faults,
    state,
    requestCounts: () => server.requestCounts(),
    reset,
    close: async () => {
      scheduler.cancelAll();
      downloads.stopAll();
      await server.close();
    },
  };
}
