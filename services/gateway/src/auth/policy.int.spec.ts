import { testPort } from '../../../../e2e/support/lanes';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import { createInfrastructure, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { startGateway } from '../start-gateway';

jest.setTimeout(60_000);

const TOKEN = 'policy-int-admin-token';

/** A file the gateway cannot use stops its start: Nest logs the error and exits (policy.unit.spec.ts checks the guard refuses it). */
describe('VNFM_POLICY_FILE, read at the gateway start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-policy-int-'));
  const port = testPort();
  const infraWith = (policy: string) => {
    const file = join(dataDir, `policy-${Math.random()}.yaml`);
    writeFileSync(file, policy);
    const config = loadConfig({
      VNFM_DATA_DIR: dataDir,
      VNFM_PORT: String(port),
      VNFM_ADMIN_TOKEN: TOKEN,
      VNFM_LOG_LEVEL: 'silent',
      VNFM_POLICY_FILE: file,
    });
    return createInfrastructure(config, createLogger('policy-int', 'silent'));
  };
  let gateway: RunningService | undefined;
  afterAll(async () => {
    await gateway?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies the rules it overrides, even to the admin token', async () => {
    gateway = await startGateway(infraWith('"os_nfv_orchestration_api_v2:vnf_instances:index": "role:auditor"\n'));
    const response = await fetch(`http://127.0.0.1:${port}/vnflcm/v2/vnf_instances`, {
      headers: { 'X-Auth-Token': TOKEN, Version: '2.0.0' },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { detail: string }).detail).toBe(
      'GET /vnflcm/v2/vnf_instances needs the auditor role (os_nfv_orchestration_api_v2:vnf_instances:index), which the token does not carry.',
    );
  });
});
