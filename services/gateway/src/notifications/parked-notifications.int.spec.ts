import { testPort } from '../../../../e2e/support/lanes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import { createInfrastructure, startBackendService, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { LcmCoordinatorModule } from '../../../lcm-coordinator/src/lcm-coordinator.module';
import { startGateway } from '../start-gateway';

jest.setTimeout(60_000);

const TOKEN = 'parked-notifications-admin-token';

describe('/admin/v1/notifications/parked through the gateway, with the lcm-coordinator', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-parked-'));
  const port = testPort();
  const root = `http://127.0.0.1:${port}/admin/v1/notifications/parked`;
  let gateway: RunningService;
  let coordinator: RunningService;

  beforeAll(async () => {
    const config = loadConfig({
      VNFM_DATA_DIR: dataDir,
      VNFM_PORT: String(port),
      VNFM_ADMIN_TOKEN: TOKEN,
      VNFM_LOG_LEVEL: 'silent',
      VNFM_FSYNC: 'never',
    });
    const infra = createInfrastructure(config, createLogger('parked-int', 'silent'));
    coordinator = await startBackendService('lcm-coordinator', LcmCoordinatorModule, infra);
    gateway = await startGateway(infra);
  });
  afterAll(async () => {
    await gateway?.close();
    await coordinator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (path: string, init: RequestInit = {}, token = TOKEN) =>
    fetch(`${root}${path}`, { ...init, headers: { 'X-Auth-Token': token } });
  const problem = async (response: Response) => ({
    status: response.status,
    type: response.headers.get('content-type'),
    detail: ((await response.json()) as { detail: string }).detail,
  });

  it('needs the admin token', async () => {
    expect((await call('', {}, 'not-the-token')).status).toBe(401);
  });

  it('lists the parked notifications (none yet), for every subscription or one', async () => {
    const all = await call('');
    expect(all.status).toBe(200);
    expect(await all.json()).toEqual([]);
    expect(await (await call('?subscriptionId=0b7e1f4e-0000-4000-8000-000000000001')).json()).toEqual([]);
  });

  it('refuses an unknown query parameter with 400, and a replay of no parked notification with 404, as ProblemDetails', async () => {
    expect(await problem(await call('?vnfInstanceId=x'))).toEqual({
      status: 400,
      type: expect.stringContaining('application/problem+json'),
      detail: expect.stringContaining('vnfInstanceId'),
    });
    expect(await problem(await call('/7d3c2a90-0000-5000-8000-000000000000/replay', { method: 'POST' }))).toEqual({
      status: 404,
      type: expect.stringContaining('application/problem+json'),
      detail: 'No parked notification has the id 7d3c2a90-0000-5000-8000-000000000000.',
    });
  });
});
