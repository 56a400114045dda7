import { openStepSecrets, stepSecretsOpener, OPEN_STEP_SECRETS, type RequestingBus } from './step-secrets';

const MARKER = 'sealed:v1:djE.aXYxMjM0NTY3ODkw.Y2lwaGVydGV4dA.dGFnMTIzNDU2Nzg5MGFi';

function recordingBus(reply: unknown) {
  const sent: { type: string; payload: unknown; key?: string }[] = [];
  const bus: RequestingBus = {
    request: async <T>(type: string, payload: unknown, options?: { key?: string }) => {
      sent.push({ type, payload, key: options?.key });
      return reply as T;
    },
  };
  return { bus, sent };
}

describe('openStepSecrets (client side of lcm-coordinator.openStepSecrets)', () => {
  it('asks the coordinator for a value holding markers, keyed by the instance, and returns what it opened', async () => {
    const { bus, sent } = recordingBus({ value: { ansible: { password: 'opened' } } });
    const opened = await openStepSecrets(
      bus,
      { vnfInstanceId: 'vnf-1', stepId: 'step-1', root: '/additionalParams' },
      { ansible: { password: MARKER } },
    );
    expect(opened).toEqual({ ansible: { password: 'opened' } });
    expect(sent).toEqual([
      {
        type: OPEN_STEP_SECRETS,
        payload: { vnfInstanceId: 'vnf-1', stepId: 'step-1', root: '/additionalParams', value: { ansible: { password: MARKER } } },
        key: 'vnf-1',
      },
    ]);
  });

  it('returns a value without markers as it is, without asking', async () => {
    const { bus, sent } = recordingBus({ value: 'never used' });
    const value = { ansible: { username: 'ansible' }, no_proxy: '10.0.0.1' };
    expect(await openStepSecrets(bus, { vnfInstanceId: 'vnf-1', stepId: 'step-1' }, value)).toBe(value);
    expect(sent).toEqual([]);
  });

  it('a step host opener opens additionalParams of the step it is given', async () => {
    const { bus, sent } = recordingBus({ value: { password: 'opened' } });
    await stepSecretsOpener(bus)({ password: MARKER }, { vnfInstanceId: 'vnf-2', stepId: 'step-2' });
    expect(sent[0].payload).toMatchObject({ vnfInstanceId: 'vnf-2', stepId: 'step-2', root: '/additionalParams' });
  });
});
