import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '../../../libs/vnf-package/src/testing/corpus';
import { startOpenStackSimulator } from '../../openstack-sim/src';
import { BenchApi, benchAddressPool, startProduct, stopProduct } from './bench-product';
import { percentile, printTable } from './stats';

export interface PolicyBenchOptions {
  /** Instances created, of which `instantiated` are instantiated: the list the list requests read. */
  instances: number;
  instantiated: number;
  /** Timed requests of each kind, one at a time, after as many untimed ones. */
  requests: number;
}

/**
 * What enhanced policy costs a request: the standalone product with the
 * default rules, then with Tacker's sample enhanced policy file
 * (VNFM_ENHANCED_POLICY=true; the admin token passes by `role:admin`, but the
 * gateway still reads each target), timing reads of one instance, of one VIM
 * and of the whole instance list, one request at a time.
 */
export async function benchPolicy(options: PolicyBenchOptions): Promise<void> {
  const rows: (string | number)[][] = [];
  const modes: [string, Record<string, string>][] = [
    ['default rules', {}],
    [
      "Tacker's enhanced sample",
      { VNFM_ENHANCED_POLICY: 'true', VNFM_POLICY_FILE: corpusPath('tacker', 'policy', 'enhanced_tacker_policy.yaml.sample') },
    ],
  ];
  for (const [mode, env] of modes) {
    const work = await mkdtemp(join(tmpdir(), 'vnfm-bench-policy-'));
    const sim = await startOpenStackSimulator({ delayMs: 0, addressPool: benchAddressPool(4 * options.instantiated, 12) });
    const port = 25890 + Math.floor(Math.random() * 1000);
    const product = await startProduct(join(work, 'data'), port, env);
    const api = new BenchApi(`http://127.0.0.1:${port}`);
    try {
      const vimId = await api.registerVim(sim, 'bench-vim', true);
      const vnfdId = await api.onboardPackage(work);
      const ids = await Promise.all(Array.from({ length: options.instances }, () => api.createInstance(vnfdId)));
      for (const id of ids.slice(0, options.instantiated)) await api.instantiate(id, 10);
      const timed = async (path: string): Promise<string> => {
        const samples: number[] = [];
        for (let i = 0; i < 2 * options.requests; i++) {
          const started = process.hrtime.bigint();
          const response = await api.call('GET', path);
          if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
          await response.arrayBuffer();
          if (i >= options.requests) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
        samples.sort((a, b) => a - b);
        return `${percentile(samples, 50).toFixed(2)} / ${percentile(samples, 99).toFixed(2)}`;
      };
      rows.push([
        mode,
        await timed(`/vnflcm/v2/vnf_instances/${ids[0]}`),
        await timed(`/v1.0/vims/${vimId}`),
        await timed('/vnflcm/v2/vnf_instances'),
      ]);
    } finally {
      await stopProduct(product);
      await sim.close();
      await rm(work, { recursive: true, force: true });
    }
  }
  printTable(
    `Policy cost per request, ms p50 / p99 (${options.requests} timed GETs each, one at a time; list of ${options.instances} instances, ${options.instantiated} instantiated)`,
    ['policy', 'GET an instantiated instance', 'GET a VIM', 'GET the instance list'],
    rows,
  );
}
