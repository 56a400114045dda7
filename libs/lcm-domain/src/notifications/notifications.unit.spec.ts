import type { LifecycleChangeNotificationsFilter } from '../subscription/lccn-subscription.types';
import { LcmWorkflowHarness, OPENSTACK_VIM, notificationViolations, sampleVnfd, vnfc } from '../testing';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';
import type { VnfLcmApiMajor } from '../views/api-version';
import { evolveVnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.evolve';
import type { VnfLcmOpOccState } from '../op-occ/vnf-lcm-op-occ.state';
import { notificationIntents } from './notification-intents';
import { notificationId } from './notification-id';
import { renderNotification } from './notification-render';
import type { NotificationIntent, NotifiedInstance } from './notification.types';
import { matchesFilter, matchesSubscription } from './subscription-match';

const created: VnfInstanceEvent[] = [
  { type: 'VnfInstanceCreated', data: { vnfInstanceId: 'vnf-1', vnfdId: 'vnfd-1', metadata: {}, createdAt: '2025-01-01T00:00:00.000Z' } },
];
const BASE = 'http://vnfm.example:9890';
const at = (revision: number) => `2025-01-01T00:01:${String(revision).padStart(2, '0')}.000Z`;

/** Every intent of an occurrence's stream, in order, each with the occurrence folded up to its event (as the sender builds them). */
function intentsOf(run: LcmWorkflowHarness): NotificationIntent[] {
  let opOcc: VnfLcmOpOccState;
  return run.opOccEvents.flatMap((event, revision) => {
    opOcc = evolveVnfLcmOpOcc(opOcc, event);
    return notificationIntents(
      { streamName: `vnfLcmOpOcc-${run.vnfLcmOpOccId}`, revision, type: event.type, metadata: { timestamp: at(revision) } },
      opOcc,
    );
  });
}

const statesOf = (intents: NotificationIntent[]) =>
  intents.map((intent) =>
    intent.notificationType === 'VnfLcmOperationOccurrenceNotification'
      ? `${intent.opOcc.operationState}/${intent.notificationStatus}`
      : intent.notificationType,
  );

function instantiation(opOccId = 'op-inst') {
  return new LcmWorkflowHarness([...created], 'vnf-1', opOccId).start(
    { operation: 'INSTANTIATE', params: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM } },
    sampleVnfd(),
  );
}

describe('notification intents from the occurrence and instance events', () => {
  it('an instantiation notifies STARTING and PROCESSING (START), then COMPLETED (RESULT), and nothing for its steps', () => {
    const run = instantiation();
    run.succeed({ vnfcsAdded: [vnfc('a', 'VDU1'), vnfc('b', 'VDU2')] });
    expect(statesOf(intentsOf(run))).toEqual(['STARTING/START', 'PROCESSING/START', 'COMPLETED/RESULT']);
  });

  it('a failure, a retry, a rollback: FAILED_TEMP (RESULT), PROCESSING again, ROLLING_BACK (START), ROLLED_BACK (RESULT)', () => {
    const run = instantiation();
    run.failStep('Heat stack CREATE_FAILED');
    run.api('RetryLcmOpOcc');
    run.failStep('Heat stack CREATE_FAILED again');
    run.api('RollbackLcmOpOcc');
    run.succeed();
    expect(statesOf(intentsOf(run))).toEqual([
      'STARTING/START',
      'PROCESSING/START',
      'FAILED_TEMP/RESULT',
      'PROCESSING/START',
      'FAILED_TEMP/RESULT',
      'ROLLING_BACK/START',
      'ROLLED_BACK/RESULT',
    ]);
  });

  it('the instance stream notifies its creation and deletion only', () => {
    const event = (type: string, revision: number) => ({
      streamName: 'vnfInstance-vnf-1',
      revision,
      type,
      metadata: { timestamp: at(revision) },
    });
    expect(notificationIntents(event('VnfInstanceCreated', 0))).toMatchObject([
      { notificationType: 'VnfIdentifierCreationNotification', vnfInstanceId: 'vnf-1' },
    ]);
    expect(notificationIntents(event('VnfcsAdded', 3))).toEqual([]);
    expect(notificationIntents(event('VnfInstanceDeleted', 9))).toMatchObject([
      { notificationType: 'VnfIdentifierDeletionNotification', vnfInstanceId: 'vnf-1' },
    ]);
  });
});

describe('matching a subscription filter (SOL 003 §5.5.3.12, §4.4.1.5)', () => {
  const run = instantiation();
  run.succeed({ vnfcsAdded: [vnfc('a', 'VDU1')] });
  const [starting, , completed] = intentsOf(run);
  const creation = notificationIntents({
    streamName: 'vnfInstance-vnf-1',
    revision: 0,
    type: 'VnfInstanceCreated',
    metadata: { timestamp: at(0) },
  })[0];
  const instance: NotifiedInstance = {
    vnfInstanceId: 'vnf-1',
    vnfdId: 'vnfd-1',
    vnfInstanceName: 'web',
    identity: { vnfProvider: 'Company', vnfProductName: 'Sample VNF', vnfSoftwareVersion: '1.0', vnfdVersion: '1.0' },
  };
  const cases: [string, LifecycleChangeNotificationsFilter | undefined, NotificationIntent, boolean][] = [
    ['no filter', undefined, starting, true],
    ['notificationTypes without the type', { notificationTypes: ['VnfIdentifierCreationNotification'] }, starting, false],
    ['operationTypes [SCALE] on an INSTANTIATE', { operationTypes: ['SCALE'] }, completed, false],
    ['operationStates [COMPLETED] at STARTING', { operationStates: ['COMPLETED'] }, starting, false],
    ['operationStates [COMPLETED] at COMPLETED', { operationTypes: ['INSTANTIATE'], operationStates: ['COMPLETED'] }, completed, true],
    ['operationStates do not concern identifier notifications', { operationStates: ['COMPLETED'] }, creation, true],
    ['vnfdIds of another VNFD', { vnfInstanceSubscriptionFilter: { vnfdIds: ['vnfd-2'] } }, starting, false],
    ['vnfdIds with this VNFD', { vnfInstanceSubscriptionFilter: { vnfdIds: ['vnfd-2', 'vnfd-1'] } }, starting, true],
    ['vnfInstanceIds of others', { vnfInstanceSubscriptionFilter: { vnfInstanceIds: ['vnf-2'] } }, starting, false],
    ['vnfInstanceNames with its name', { vnfInstanceSubscriptionFilter: { vnfInstanceNames: ['web'] } }, starting, true],
    ['vnfInstanceNames without it', { vnfInstanceSubscriptionFilter: { vnfInstanceNames: ['db'] } }, starting, false],
    ['provider only', { vnfInstanceSubscriptionFilter: { vnfProductsFromProviders: [{ vnfProvider: 'Company' }] } }, starting, true],
    ['another provider', { vnfInstanceSubscriptionFilter: { vnfProductsFromProviders: [{ vnfProvider: 'Other' }] } }, starting, false],
    [
      'product, software version and VNFD version',
      {
        vnfInstanceSubscriptionFilter: {
          vnfProductsFromProviders: [
            {
              vnfProvider: 'Company',
              vnfProducts: [{ vnfProductName: 'Sample VNF', versions: [{ vnfSoftwareVersion: '1.0', vnfdVersions: ['1.0'] }] }],
            },
          ],
        },
      },
      starting,
      true,
    ],
    [
      'another VNFD version',
      {
        vnfInstanceSubscriptionFilter: {
          vnfProductsFromProviders: [
            {
              vnfProvider: 'Company',
              vnfProducts: [{ vnfProductName: 'Sample VNF', versions: [{ vnfSoftwareVersion: '1.0', vnfdVersions: ['2.0'] }] }],
            },
          ],
        },
      },
      starting,
      false,
    ],
    [
      'every member must match (AND)',
      {
        notificationTypes: ['VnfLcmOperationOccurrenceNotification'],
        vnfInstanceSubscriptionFilter: { vnfdIds: ['vnfd-1'], vnfInstanceIds: ['vnf-2'] },
      },
      starting,
      false,
    ],
  ];
  it.each(cases)('%s', (_, filter, intent, expected) => {
    expect(matchesFilter(filter, intent, instance)).toBe(expected);
  });

  it('a subscription hears of its own tenant instances only, unless its creator saw every tenant', () => {
    const ofTenant = (tenant?: string): NotifiedInstance => ({ ...instance, ...(tenant && { tenant }) });
    const hears = (subscription: { tenant?: string; allTenants?: true; filter?: LifecycleChangeNotificationsFilter }) =>
      [ofTenant('tenant-a'), ofTenant('tenant-b'), ofTenant()].map((owned) => matchesSubscription(subscription, starting, owned));
    expect(hears({ tenant: 'tenant-a' })).toEqual([true, false, false]);
    expect(hears({ tenant: 'tenant-b' })).toEqual([false, true, false]);
    expect(hears({ tenant: 'admin', allTenants: true })).toEqual([true, true, true]);
    // Made before tenancy: of no tenant, it hears of the instances of no tenant.
    expect(hears({})).toEqual([false, false, true]);
    // The filter still applies within what a subscription hears of.
    expect(hears({ tenant: 'admin', allTenants: true, filter: { operationStates: ['COMPLETED'] } })).toEqual([false, false, false]);
  });
});

describe.each([1, 2] as const)('notification bodies of a /vnflcm/v%i subscription against the ETSI contract', (major: VnfLcmApiMajor) => {
  const subscription = { id: 'sub-1', apiMajor: major };

  it('each notification of a full instantiation conforms; RESULT carries affectedVnfcs, START does not; links are absolute', () => {
    const run = instantiation();
    run.succeed({ vnfcsAdded: [vnfc('a', 'VDU1'), vnfc('b', 'VDU2')] });
    const bodies = intentsOf(run).map(
      (intent) => JSON.parse(JSON.stringify(renderNotification(intent, subscription, BASE))) as Record<string, unknown>,
    );
    for (const body of bodies) expect(notificationViolations(major, body)).toEqual([]);
    expect(bodies.map((body) => body.notificationStatus)).toEqual(['START', 'START', 'RESULT']);
    expect(bodies[0]).not.toHaveProperty('affectedVnfcs');
    expect((bodies[2].affectedVnfcs as { changeType: string }[]).map((vnfc) => vnfc.changeType)).toEqual(['ADDED', 'ADDED']);
    expect(bodies[2]._links).toEqual({
      vnfInstance: { href: `${BASE}/vnflcm/v${major}/vnf_instances/vnf-1` },
      subscription: { href: `${BASE}/vnflcm/v${major}/subscriptions/sub-1` },
      vnfLcmOpOcc: { href: `${BASE}/vnflcm/v${major}/vnf_lcm_op_occs/op-inst` },
    });
    expect(bodies[2]).toMatchObject({
      vnfLcmOpOccId: 'op-inst',
      operation: 'INSTANTIATE',
      isAutomaticInvocation: false,
      timeStamp: at(run.opOccEvents.findIndex((event) => event.type === 'VnfLcmOpOccCompleted')),
    });
    if (major === 2) expect(bodies[0].verbosity).toBe('FULL');
    else expect(bodies[0]).not.toHaveProperty('verbosity');
  });

  it('FAILED_TEMP carries the error and conforms', () => {
    const run = instantiation();
    run.failStep('Heat stack CREATE_FAILED');
    const failed = intentsOf(run).at(-1) as NotificationIntent;
    const body = JSON.parse(JSON.stringify(renderNotification(failed, subscription, BASE))) as Record<string, unknown>;
    expect(notificationViolations(major, body)).toEqual([]);
    expect(body).toMatchObject({
      operationState: 'FAILED_TEMP',
      notificationStatus: 'RESULT',
      error: { status: expect.any(Number), detail: expect.stringContaining('CREATE_FAILED') },
    });
  });

  it('identifier creation and deletion notifications conform', () => {
    for (const type of ['VnfInstanceCreated', 'VnfInstanceDeleted']) {
      const [intent] = notificationIntents({ streamName: 'vnfInstance-vnf-1', revision: 0, type, metadata: { timestamp: at(0) } });
      expect(notificationViolations(major, JSON.parse(JSON.stringify(renderNotification(intent, subscription, BASE))))).toEqual([]);
    }
  });
});

describe('verbosity and ids', () => {
  it('a v2 SHORT subscription gets no resource changes; a v1 body with verbosity would not conform', () => {
    const run = instantiation();
    run.succeed({ vnfcsAdded: [vnfc('a', 'VDU1')] });
    const completed = intentsOf(run).at(-1) as NotificationIntent;
    const short = renderNotification(completed, { id: 'sub-1', apiMajor: 2, verbosity: 'SHORT' }, BASE);
    expect(short).not.toHaveProperty('affectedVnfcs');
    expect(short.verbosity).toBe('SHORT');
    expect(notificationViolations(2, JSON.parse(JSON.stringify(short)))).toEqual([]);
    expect(notificationViolations(1, JSON.parse(JSON.stringify(short)))).toEqual([expect.stringContaining('additionalProperty')]);
  });

  it('the id is stable for one subscription and event, and differs per subscription, event and type', () => {
    const [starting, processing] = intentsOf(instantiation());
    expect(notificationId('sub-1', starting)).toBe(notificationId('sub-1', intentsOf(instantiation())[0]));
    expect(notificationId('sub-1', starting)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set([notificationId('sub-1', starting), notificationId('sub-2', starting), notificationId('sub-1', processing)]).size).toBe(
      3,
    );
    expect(renderNotification(starting, { id: 'sub-1', apiMajor: 1 }, BASE).id).toBe(notificationId('sub-1', starting));
  });
});
