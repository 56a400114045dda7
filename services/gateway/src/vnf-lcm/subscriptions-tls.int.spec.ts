import { testPort } from '../../../../e2e/support/lanes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import { createInfrastructure, startBackendService, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { LcmCoordinatorModule } from '../../../lcm-coordinator/src/lcm-coordinator.module';
import { MutualTlsReceiver } from '../../../lcm-coordinator/src/notifications/testing/mtls-receiver';
import { createTestPki } from '../../../lcm-coordinator/src/notifications/testing/test-pki';
import { startGateway } from '../start-gateway';

jest.setTimeout(60_000);

const TOKEN = 'subscriptions-tls-int-admin-token';

describe('/vnflcm/v2/subscriptions with authType TLS_CERT, the VNFM client certificate configured', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-subscriptions-tls-'));
  const pki = createTestPki(mkdtempSync(join(tmpdir(), 'vnfm-subscriptions-pki-')));
  const port = testPort();
  const receiver = new MutualTlsReceiver();
  let gateway: RunningService;
  let coordinator: RunningService;

  beforeAll(async () => {
    const config = loadConfig({
      VNFM_DATA_DIR: dataDir,
      VNFM_PORT: String(port),
      VNFM_ADMIN_TOKEN: TOKEN,
      VNFM_LOG_LEVEL: 'silent',
      VNFM_FSYNC: 'never',
      VNFM_NOTIFY_TLS_CERT_FILE: pki.clientCertFile,
      VNFM_NOTIFY_TLS_KEY_FILE: pki.clientKeyFile,
      VNFM_NOTIFY_TLS_CA_FILE: pki.caFile,
    });
    const infra = createInfrastructure(config, createLogger('subscriptions-tls-int', 'silent'));
    coordinator = await startBackendService('lcm-coordinator', LcmCoordinatorModule, infra);
    gateway = await startGateway(infra);
    await receiver.start(pki);
  });
  afterAll(async () => {
    await gateway?.close();
    await coordinator?.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (body: unknown) =>
    fetch(`http://127.0.0.1:${port}/vnflcm/v2/subscriptions`, {
      method: 'POST',
      headers: { 'X-Auth-Token': TOKEN, Version: '2.0.0', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('tests the callback over mutual TLS and creates the subscription; without TLS_CERT the same server refuses the test (no client certificate presented)', async () => {
    const created = await post({ callbackUri: receiver.uri('cb'), authentication: { authType: ['TLS_CERT'] } });
    expect(created.status).toBe(201);
    expect(((await created.json()) as Record<string, unknown>).authentication).toBeUndefined();
    expect(receiver.received).toEqual([expect.objectContaining({ method: 'GET', path: '/cb', clientCn: 'vnfm-test-client' })]);
    const refused = await post({ callbackUri: receiver.uri('cb') });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /did not pass the test \(GET, 204 expected\): it could not be reached/,
    );
    expect(receiver.received).toHaveLength(1);
  });
});
