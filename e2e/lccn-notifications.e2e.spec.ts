import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { notificationViolations } from '@vnfm/lcm-domain/testing';
import {
  NotificationReceivers,
  summary,
  type ReceivedNotification,
} from '../services/lcm-coordinator/src/notifications/testing/notification-receiver';
import { instantiateRequest } from './support/lcm-requests';
import { LcmStage } from './support/lcm-stage';
import { TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

jest.setTimeout(600_000);

const INSTANTIATION = ['VnfIdentifierCreationNotification', 'INSTANTIATE:STARTING', 'INSTANTIATE:PROCESSING', 'INSTANTIATE:COMPLETED'];
const states = (got: ReceivedNotification[]) => got.map((notification) => summary(notification.body));
const BASIC = `Basic ${Buffer.from('test_user:test_pass').toString('base64')}`;

// Needs `npm run build`; installs the Tacker CLI (tools/tacker-cli/install.sh) when missing.
describe('LCCN notifications: subscribed with the unmodified Tacker CLI, sent by the standalone product for an instantiation on the OpenStack simulator', () => {
  const stage = new LcmStage('lccn-notify', { simDelayMs: 20, env: async () => ({ VNFM_NOTIFY_RETRY_MAX_MS: '2000' }) });
  const receivers = new NotificationReceivers();

  beforeAll(async () => {
    await receivers.start();
    await stage.open();
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 180_000);
  afterAll(async () => {
    await stage.close();
    await receivers.close();
  });

  const file = (name: string, body: unknown) => {
    const path = join(stage.dataDir, `${name}.json`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };

  describe.each([
    [1, [] as string[]],
    [2, API_V2],
  ] as const)('API v%i', (major, version) => {
    it('the subscriber gets creation, STARTING, PROCESSING, COMPLETED in order, with Basic credentials, each valid per the ETSI contract', async () => {
      const name = `notify-v${major}`;
      const lcm = new VnflcmCli(stage.cli, version);
      const subscription = {
        filter: { vnfInstanceSubscriptionFilter: { vnfInstanceNames: [name] } },
        callbackUri: receivers.uri(name),
        authentication: { authType: ['BASIC'], paramsBasic: { userName: 'test_user', password: 'test_pass' } },
      };
      const created = await lcm.json<CliRecord>(['vnflcm', 'subsc', 'create', file(`subsc-${name}`, subscription)]);
      const id = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', name, stage.vnfdId])).ID);
      const { opId, op } = await lcm.operate(id, ['vnflcm', 'instantiate', id, file(`instantiate-${name}`, instantiateRequest(major))]);
      expect(op['Operation State']).toBe('COMPLETED');

      const got = await receivers.until(name, (notifications) => notifications.length >= 4);
      expect(states(got)).toEqual(INSTANTIATION);
      for (const { body, headers } of got) {
        expect(notificationViolations(major, body)).toEqual([]);
        expect(body).toMatchObject({ subscriptionId: created.ID, vnfInstanceId: id });
        expect(headers.authorization).toBe(BASIC);
      }
      expect(got.slice(1).map((notification) => notification.body.vnfLcmOpOccId)).toEqual([opId, opId, opId]);
      expect(got[3].body._links).toMatchObject({ vnfLcmOpOcc: { href: `${stage.endpoint}/vnflcm/v${major}/vnf_lcm_op_occs/${opId}` } });
    });
  });

  it('a subscriber down during an instantiation and the product killed meanwhile gets every notification once it is back, in order', async () => {
    const name = 'notify-outage';
    let down = true;
    receivers.answers.set(`/${name}`, ({ method }) => ({ status: down && method === 'POST' ? 503 : 204 }));
    const lcm = new VnflcmCli(stage.cli, API_V2);
    // The callback test (GET) passes; the POSTs fail while the subscriber is "down".
    await lcm.json<CliRecord>([
      'vnflcm',
      'subsc',
      'create',
      file(`subsc-${name}`, { filter: { vnfInstanceSubscriptionFilter: { vnfInstanceNames: [name] } }, callbackUri: receivers.uri(name) }),
    ]);
    const id = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', name, stage.vnfdId])).ID);
    const { op } = await lcm.operate(id, ['vnflcm', 'instantiate', id, file(`instantiate-${name}`, instantiateRequest(2))]);
    expect(op['Operation State']).toBe('COMPLETED');
    await receivers.until(name, (notifications) => notifications.length >= 2);
    await stage.crashAndRestart();
    down = false;
    const got = await receivers.until(name, (notifications) => states(notifications).includes('INSTANTIATE:COMPLETED'), 120_000);
    const delivered = got.filter((notification, i) => got.findIndex((other) => other.body.id === notification.body.id) === i);
    expect(states(delivered)).toEqual(INSTANTIATION);
  });
});
