import { decideHeatStack, evolveHeatStack, initialHeatStackState } from './heat-stack.decider';
import type { HeatStackEvent } from './heat-stack.events';
import type { HeatStackDefinition } from './stack-definition';

const NOW = '2026-01-01T00:00:00.000Z';
const givenStack = (events: HeatStackEvent[]) => events.reduce(evolveHeatStack, initialHeatStackState());

describe('the Heat stack record', () => {
  const definition: HeatStackDefinition = {
    template: { parameters: { db_password: { type: 'string', hidden: true } }, resources: {} },
    files: {},
    parameters: { nfv: {}, db_password: 'pw' },
  };
  const defined = decideHeatStack({ type: 'DefineHeatStack', data: { stackName: 'vnf-1', definition, now: NOW } }, initialHeatStackState());

  it('keeps the template as written and redacts secret-named parameter values', () => {
    expect(givenStack(defined)).toEqual({
      status: 'defined',
      stackName: 'vnf-1',
      definition: { ...definition, parameters: { nfv: {}, db_password: '[REDACTED]' } },
    });
  });

  it('records a definition again only when it changed, and a deletion only of a defined stack', () => {
    expect(decideHeatStack({ type: 'DefineHeatStack', data: { stackName: 'vnf-1', definition, now: NOW } }, givenStack(defined))).toEqual(
      [],
    );
    const deleted = decideHeatStack({ type: 'DeleteHeatStack', data: { now: NOW } }, givenStack(defined));
    expect(givenStack([...defined, ...deleted])).toEqual({ status: 'deleted', stackName: 'vnf-1' });
    expect(decideHeatStack({ type: 'DeleteHeatStack', data: { now: NOW } }, givenStack([...defined, ...deleted]))).toEqual([]);
  });
});
