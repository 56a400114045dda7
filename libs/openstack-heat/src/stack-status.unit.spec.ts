import { pollDelayMs, stackPhase } from './stack-status';
import { openStackErrorMessage } from './openstack-answers';

describe('stack status and polling', () => {
  it('reads the phase of any Heat action from its status', () => {
    expect(['CREATE_IN_PROGRESS', 'UPDATE_COMPLETE', 'DELETE_FAILED', 'CHECK_COMPLETE'].map(stackPhase)).toEqual([
      'IN_PROGRESS',
      'COMPLETE',
      'FAILED',
      'COMPLETE',
    ]);
  });

  it('polls soon at first, then less often up to a ceiling, never past the deadline', () => {
    const delays = [0, 1, 2, 3, 20].map((attempt) => pollDelayMs(attempt, 60_000));
    expect(delays.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(delays[4]).toBe(800);
    expect(pollDelayMs(20, 500)).toBe(500);
    expect(pollDelayMs(0, -5)).toBe(0);
  });

  it('sees a stack done less than a second after it settles, however long it takes, at about one GET a second', () => {
    for (const settlesAtMs of [0.5, 300, 20_000, 3_600_000]) {
      const asked = [0];
      for (let attempt = 0; asked[asked.length - 1] < settlesAtMs; attempt++)
        asked.push(asked[asked.length - 1] + pollDelayMs(attempt, Infinity));
      expect(asked[asked.length - 1] - settlesAtMs).toBeLessThan(1000);
      const afterFirstSecond = asked.filter((at) => at > 1000).length;
      if (settlesAtMs >= 20_000) expect(afterFirstSecond / ((settlesAtMs - 1000) / 1000)).toBeLessThan(1.4);
    }
  });

  it('finds the message of Heat, Keystone and Nova error documents', () => {
    expect(
      openStackErrorMessage(
        { code: 409, error: { type: 'ActionInProgress', message: 'Stack vnf-1 already has an action (UPDATE) in progress.' } },
        '',
      ),
    ).toBe('Stack vnf-1 already has an action (UPDATE) in progress.');
    expect(openStackErrorMessage({ itemNotFound: { code: 404, message: 'Instance x could not be found.' } }, '')).toBe(
      'Instance x could not be found.',
    );
    expect(openStackErrorMessage(undefined, ' <html>Bad gateway</html> ')).toBe('<html>Bad gateway</html>');
  });
});
