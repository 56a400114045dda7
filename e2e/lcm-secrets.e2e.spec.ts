import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditTrailReply, VnfInstanceView, VnfLcmOpOccView } from '@vnfm/lcm-domain';
import { ensureKafka, localKafkaDataDir } from './support/kafka';
import { settledOpOcc, startTask } from './support/lcm-http';
import { instantiateRequest } from './support/lcm-requests';
import { LcmStage } from './support/lcm-stage';
import { TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';

jest.setTimeout(600_000);

// Fresh values per run, so finding one anywhere (even in a broker log segment of an earlier run) is this run's leak.
const RUN = randomBytes(6).toString('hex');
const secret = (name: string) => `${name}-${RUN}`;
/** The secrets of Tacker's mgmt-driver requests (testdata/corpus/tacker-specs), each its own value. */
const SECRETS = {
  ansible: secret('ansible-Pw#1'),
  master: secret('master-Pw%2'),
  worker: secret('worker pw/3'),
  proxy: secret('proxy-Pw4'),
  lb: secret('lb-Pw&6'),
  registry: secret('registry-Pw7'),
  registryInstall: secret('registry-install-Pw8'),
  token: secret('meta-Token-9'),
};
const k8sParams = {
  k8s_cluster_installation_param: {
    script_path: 'Scripts/install_k8s_cluster.sh',
    ansible: { ip_address: '10.10.0.50', username: 'ansible', password: SECRETS.ansible },
    master_node: { aspect_id: 'master_instance', username: 'ubuntu', password: SECRETS.master },
    worker_node: { aspect_id: 'worker_instance', username: 'ubuntu', password: SECRETS.worker },
    proxy: { http_proxy: `http://user1:${SECRETS.proxy}@host1:port1`, no_proxy: '192.168.246.0/24' },
    external_lb_param: { ssh_cp_name: 'externalLB_instance', ssh_username: 'ubuntu', ssh_password: SECRETS.lb },
    private_registry_connection_info: [{ connection_type: '1', server: 'registry.example.com', username: 'user01', password: SECRETS.registry }],
  },
  private_registry_installation_param: { ssh_cp_name: 'PrivateRegistry_CP', ssh_username: 'ubuntu', ssh_password: SECRETS.registryInstall },
};
/** Plain, JSON-escaped, base64, base64url and URL-encoded: every form a secret could leak in. */
const FORMS = Object.values(SECRETS).flatMap((value) => [value, JSON.stringify(value).slice(1, -1), Buffer.from(value).toString('base64'), Buffer.from(value).toString('base64url'), encodeURIComponent(value)]);
const leaksIn = (text: string) => FORMS.filter((form) => text.includes(form));
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

// Needs `npm run build` and Kafka (VNFM_TEST_KAFKA_BROKERS or tools/kafka).
describe('LCM request secrets in distributed mode over Kafka: sealed from the coordinator on, shown as [SECRET], shredded with the instance', () => {
  const stage = new LcmStage('lcm-secrets', {
    simDelayMs: 10,
    basePort: 28890,
    services: ['vim-registry', 'package-catalog', 'lcm-coordinator', 'openstack-driver', 'kubernetes-driver', 'mgmt-driver-runner', 'gateway'],
    env: async () => ({ VNFM_BUS: 'kafka', VNFM_KAFKA_BROKERS: (await ensureKafka()).join(','), VNFM_LOG_LEVEL: 'debug' }),
  });
  const responses: string[] = [];
  /** Every answer of the gateway is kept for the leak scan. */
  const call = async (path: string, init?: RequestInit) => {
    const response = await stage.http(path, init);
    const text = await response.text();
    responses.push(text);
    return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
  };

  beforeAll(() => stage.open(), TACKER_CLI_INSTALL_TIMEOUT_MS + 300_000);
  afterAll(() => stage.close());

  it('instantiates and terminates with every seed secret; no response, log line, event store file or Kafka segment holds one; deleting the instance destroys its key, its audit trail stays', async () => {
    const created = await call('/vnflcm/v2/vnf_instances', { method: 'POST', body: JSON.stringify({ vnfdId: stage.vnfdId, vnfInstanceName: 'lcm-secrets', metadata: { api_token: SECRETS.token } }) });
    expect(created.status).toBe(201);
    const id = created.json<VnfInstanceView>().id;
    expect(created.json<VnfInstanceView>().metadata).toEqual({ api_token: '[SECRET]' });

    const request = instantiateRequest(2);
    const instantiation = await startTask(stage.http, id, 'instantiate', { ...request, additionalParams: { ...(request.additionalParams as object), ...k8sParams } });
    expect((await settledOpOcc(stage.http, instantiation)).operationState).toBe('COMPLETED');
    for (const major of [1, 2]) {
      const opOcc = await call(`/vnflcm/v${major}/vnf_lcm_op_occs/${instantiation}`);
      expect(opOcc.json<VnfLcmOpOccView>().operationParams).toMatchObject({
        additionalParams: { k8s_cluster_installation_param: { ansible: { password: '[SECRET]' }, proxy: { http_proxy: '[SECRET]' } }, private_registry_installation_param: { ssh_password: '[SECRET]' } },
      });
      expect((await call(`/vnflcm/v${major}/vnf_instances/${id}`)).json<VnfInstanceView>().metadata).toEqual({ api_token: '[SECRET]' });
    }
    const keyFile = join(stage.dataDir, 'data', 'lcm-coordinator', 'data-keys', `vnfi-${id}.key`);
    expect(existsSync(keyFile)).toBe(true);

    // Refusals say what is wrong without repeating what was given.
    const marker = await call(`/vnflcm/v2/vnf_instances/${id}/scale`, { method: 'POST', body: JSON.stringify({ type: 'SCALE_OUT', aspectId: 'VDU1_scale', additionalParams: { note: 'sealed:v1:djE.aXY.Y3Q.dGFn' } }) });
    expect(marker.status).toBe(400);

    const termination = await startTask(stage.http, id, 'terminate', { terminationType: 'FORCEFUL', additionalParams: { k8s_cluster_installation_param: { ansible: { password: SECRETS.ansible } } } });
    expect((await settledOpOcc(stage.http, termination)).operationState).toBe('COMPLETED');
    expect((await call(`/vnflcm/v2/vnf_instances/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(existsSync(keyFile)).toBe(false);
    const trail = await call(`/audit/v1/vnf_instances/${id}/events`);
    const started = trail.json<AuditTrailReply>().entries.filter((entry) => entry.type === 'VnfLcmOperationStarted');
    expect(started.map((entry) => entry.operation)).toEqual(['INSTANTIATE', 'TERMINATE']);
    expect(started[0].request).toMatchObject({ additionalParams: { k8s_cluster_installation_param: { master_node: { password: '[SECRET]' } } } });

    expect(responses.flatMap(leaksIn)).toEqual([]);
    expect(stage.output.length).toBeGreaterThan(0);
    expect(stage.output.filter((line) => leaksIn(line).length > 0)).toEqual([]);
    const data = filesUnder(join(stage.dataDir, 'data'));
    // The event stores keep what they are given readable: the request's non-secret parts are found on disk.
    expect(data.some((file) => readFileSync(file, 'latin1').includes('PrivateRegistry_CP'))).toBe(true);
    expect(data.filter((file) => leaksIn(readFileSync(file, 'latin1')).length > 0)).toEqual([]);
    const kafkaData = localKafkaDataDir(await ensureKafka());
    if (!kafkaData) {
      process.stdout.write('[e2e] Kafka log segments not scanned: the broker is not the one tools/kafka runs here\n');
      return;
    }
    const segments = filesUnder(kafkaData).filter((file) => file.endsWith('.log'));
    expect(segments.some((file) => file.includes('lcm-coordinator'))).toBe(true);
    expect(segments.filter((file) => leaksIn(readFileSync(file, 'latin1')).length > 0)).toEqual([]);
  });
});
