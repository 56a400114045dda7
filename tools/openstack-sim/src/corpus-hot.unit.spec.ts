import { startOpenStackSimulator, type OpenStackSimulator } from './index';
import { isRecord } from './common/records';
import { field, OpenStackTestClient } from './testing/openstack-test-client';
import { type BaseHot, CORPUS_DIR, findBaseHots, type ScalingGroup, scalingGroups, vnfmParameters } from './testing/tacker-corpus';

const hots = findBaseHots(CORPUS_DIR);

/** Start at min_size (at least one member); scale up one step if the group allows it, else down one. */
function scalingPlan(group: ScalingGroup): { initial: number; steps: number[] } {
  const initial = group.literal ?? Math.min(Math.max(group.min, 1), group.max);
  if (initial < group.max) return { initial, steps: [initial + 1, initial] };
  if (initial > group.min) return { initial, steps: [initial - 1, initial] };
  return { initial, steps: [] };
}

function serversPerMember(hot: BaseHot, group: ScalingGroup): number {
  const resources = isRecord(hot.template['resources']) ? hot.template['resources'] : {};
  const memberType = String(field(resources[group.name], 'properties.resource.type'));
  return (hot.files[memberType]?.match(/OS::Nova::Server/g) ?? []).length;
}

/** How a VNFM changes a group's size: the `nfv` parameter when the BaseHOT reads it from there, else a template update. */
function scaleRequest(hot: BaseHot, group: ScalingGroup, capacities: Map<string, number>, size: number): object {
  if (group.capacityPath !== undefined) {
    capacities.set(group.capacityPath.join('.'), size);
    return { parameters: vnfmParameters(hot.template, capacities) };
  }
  const template = structuredClone(hot.template);
  const properties = field(template, `resources.${group.name}.properties`);
  if (isRecord(properties)) properties['desired_capacity'] = size;
  return { template };
}

describe(`Tacker corpus BaseHOTs from ${CORPUS_DIR}`, () => {
  it('finds the corpus BaseHOTs', () => expect(hots.length).toBeGreaterThan(0));

  let simulator: OpenStackSimulator;
  let client: OpenStackTestClient;

  beforeAll(async () => {
    simulator = await startOpenStackSimulator({ delayMs: 0 });
    client = await OpenStackTestClient.login(simulator);
  });
  afterAll(() => simulator.close());

  it('finds every BaseHOT of the corpus', () => {
    expect(hots.map((hot) => hot.label)).toHaveLength(9);
  });

  describe.each(hots.map((hot, index) => ({ hot, index, label: hot.label })))('$label', ({ hot, index }) => {
    const groups = scalingGroups(hot.template);
    const capacities = new Map(
      groups.flatMap((group) =>
        group.capacityPath === undefined ? [] : [[group.capacityPath.join('.'), scalingPlan(group).initial] as const],
      ),
    );
    const stackName = `corpus-${index}`;
    let stackPath = '';

    async function members(group: ScalingGroup): Promise<string[]> {
      const listed = await client.heat('GET', `/stacks/${stackPath}/resources?nested_depth=1`);
      const resources = field(listed.body, 'resources');
      return (Array.isArray(resources) ? resources : [])
        .filter((resource) => field(resource, 'parent_resource') === group.name)
        .map((resource) => String(field(resource, 'physical_resource_id')));
    }

    it('creates the stack with VNFM-style parameters', async () => {
      const created = await client.heat('POST', '/stacks', {
        stack_name: stackName,
        template: hot.template,
        files: hot.files,
        parameters: vnfmParameters(hot.template, capacities),
      });
      expect(created.status).toBe(201);
      stackPath = `${stackName}/${String(field(created.body, 'stack.id'))}`;
      expect(await client.settle(stackPath)).toMatchObject({ stack_status: 'CREATE_COMPLETE' });
      const servers = simulator.state().servers;
      expect(servers.length).toBeGreaterThan(0);
      expect(new Set(servers.map((server) => server.managementAddress)).size).toBe(servers.length);
      for (const group of groups) expect(await members(group)).toHaveLength(scalingPlan(group).initial);
    });

    for (const group of groups) {
      const { initial, steps } = scalingPlan(group);
      if (steps.length === 0) continue;
      const via = group.capacityPath === undefined ? 'template desired_capacity' : `nfv.${group.capacityPath.join('.')}`;
      it(`scales ${group.name} ${[initial, ...steps].join(' -> ')} through stack updates (${via})`, async () => {
        let previous = await members(group);
        for (const size of steps) {
          const serversBefore = simulator.state().servers.length;
          expect((await client.heat('PATCH', `/stacks/${stackPath}`, scaleRequest(hot, group, capacities, size))).status).toBe(202);
          expect(await client.settle(stackPath)).toMatchObject({ stack_status: 'UPDATE_COMPLETE' });
          const current = await members(group);
          expect(current).toHaveLength(size);
          // Members that stay keep their nested stacks.
          const [smaller, larger] = current.length < previous.length ? [current, previous] : [previous, current];
          expect(larger).toEqual(expect.arrayContaining(smaller));
          expect(simulator.state().servers.length - serversBefore).toBe((size - previous.length) * serversPerMember(hot, group));
          previous = current;
        }
      });
    }

    it('deletes the stack and frees every server address', async () => {
      expect((await client.heat('DELETE', `/stacks/${stackPath}`)).status).toBe(204);
      expect(await client.settle(stackPath)).toBeUndefined();
      expect(simulator.state()).toMatchObject({ stacks: [], servers: [], addressPool: { used: [] } });
    });
  });
});
