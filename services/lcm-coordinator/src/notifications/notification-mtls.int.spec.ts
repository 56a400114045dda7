import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LCCN_SUBSCRIPTIONS,
  LCM_COORDINATOR,
  PARKED_NOTIFICATIONS,
  type LccnSubscriptionView,
  type ParkedNotificationView,
  type VnfInstanceView,
} from '@vnfm/lcm-domain';
import { LcmHarness } from '../testing/lcm-harness';
import { MutualTlsReceiver } from './testing/mtls-receiver';
import { createTestPki } from './testing/test-pki';

jest.setTimeout(120_000);

const pki = createTestPki(mkdtempSync(join(tmpdir(), 'vnfm-notify-pki-')));
// The VNFM's client certificate and the CA of the subscribers' servers; failures park after 1.5 s, and a POST
// may take 20 s (a handshake in this busy process can take seconds; a timeout would park the certificate's one too).
Object.assign(process.env, {
  VNFM_NOTIFY_TLS_CERT_FILE: pki.clientCertFile,
  VNFM_NOTIFY_TLS_KEY_FILE: pki.clientKeyFile,
  VNFM_NOTIFY_TLS_CA_FILE: pki.caFile,
  VNFM_NOTIFY_RETRY_MIN_MS: '50',
  VNFM_NOTIFY_RETRY_MAX_MS: '200',
  VNFM_NOTIFY_PARK_AFTER_MS: '1500',
  VNFM_NOTIFY_TIMEOUT_MS: '20000',
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('lcm-coordinator: notifications over mutual TLS (authType TLS_CERT, SOL 013 §8.3.4)', () => {
  const harness = new LcmHarness();
  const receiver = new MutualTlsReceiver();
  let vnfdId: string;

  beforeAll(async () => {
    await receiver.start(pki);
    await harness.start();
    vnfdId = await harness.onboard('vnf-v2-basic-lcms-max');
  });
  afterAll(async () => {
    await harness.dispose();
    await receiver.close();
  });

  const subscribe = (name: string, authType?: string[]) =>
    harness.request<LccnSubscriptionView>(LCCN_SUBSCRIPTIONS.create, {
      apiMajor: 2,
      request: {
        callbackUri: receiver.uri(name),
        filter: { vnfInstanceSubscriptionFilter: { vnfInstanceNames: [name] } },
        ...(authType && { authentication: { authType } }),
      },
    });
  const create = (name: string) =>
    harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId, vnfInstanceName: name } });

  it('presents the VNFM client certificate to a TLS_CERT subscriber, and none to a subscriber that did not ask for it', async () => {
    await subscribe('mtls', ['TLS_CERT']);
    const plain = await subscribe('plain');
    const { id } = await create('mtls');
    await create('plain');
    for (let tries = 0; receiver.received.length === 0 && tries < 2000; tries++) await sleep(25);
    expect(receiver.received).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/mtls',
        clientCn: 'vnfm-test-client',
        body: expect.objectContaining({ notificationType: 'VnfIdentifierCreationNotification', vnfInstanceId: id }),
      }),
    ]);
    // The server refuses the handshake without a client certificate: retried, then parked.
    const parkedOf = async () =>
      (await harness.request<ParkedNotificationView[]>(PARKED_NOTIFICATIONS.list, { subscriptionId: plain.id })).length;
    for (let tries = 0; (await parkedOf()) === 0 && tries < 2000; tries++) await sleep(25);
    expect(await parkedOf()).toBe(1);
    expect(receiver.received.filter(({ path }) => path === '/plain')).toEqual([]);
  });
});
