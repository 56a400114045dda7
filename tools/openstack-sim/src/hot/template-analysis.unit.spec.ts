import { creationOrder, requiredBy } from './dependency-graph';
import { EMPTY_ENVIRONMENT, TemplateError } from './hot-types';
import { resolveParameters } from './parameter-resolver';
import { parseEnvironment, parseTemplate } from './template-parser';

const identity = { stackName: 'vnf', stackId: 'id-1', projectId: 'p-1' };

describe('template parsing, parameters and dependencies', () => {
  it('parses YAML text, normalising empty sections', () => {
    const template = parseTemplate('heat_template_version: 2013-05-23\nresources:\n  a: { type: OS::Heat::None }\noutputs:\n');
    expect(template).toMatchObject({
      heat_template_version: '2013-05-23',
      parameters: {},
      resources: { a: { type: 'OS::Heat::None' } },
      outputs: {},
    });
    expect(() => parseTemplate({ resources: {} })).toThrow('Template format version not found');
    expect(() => parseTemplate({ heat_template_version: '2018-08-31', conditions: {} })).toThrow('Unknown Key "conditions"');
  });

  it('parses an environment with a resource registry', () => {
    expect(parseEnvironment('resource_registry:\n  My::VDU: vdu.yaml\nparameter_defaults:\n  flavor: m1.small\n')).toEqual({
      parameters: {},
      parameter_defaults: { flavor: 'm1.small' },
      resource_registry: { 'My::VDU': 'vdu.yaml' },
    });
  });

  it('resolves parameters by precedence and type, adding pseudo parameters', () => {
    const template = parseTemplate({
      heat_template_version: '2018-08-31',
      parameters: {
        nfv: { type: 'json' },
        count: { type: 'number', default: 1 },
        zones: { type: 'comma_delimited_list', default: 'a, b' },
        flavor: { type: 'string' },
      },
    });
    const environment = { ...EMPTY_ENVIRONMENT, parameter_defaults: { flavor: 'm1.small' } };
    expect(resolveParameters(template, { nfv: '{"VDU": {}}', count: '3' }, environment, identity)).toEqual({
      nfv: { VDU: {} },
      count: 3,
      zones: ['a', 'b'],
      flavor: 'm1.small',
      'OS::stack_name': 'vnf',
      'OS::stack_id': 'id-1',
      'OS::project_id': 'p-1',
    });
    expect(() => resolveParameters(template, {}, EMPTY_ENVIRONMENT, identity)).toThrow('The Parameter (nfv) was not provided.');
    expect(() => resolveParameters(template, { nfv: {}, flavor: 'x', extra: 1 }, EMPTY_ENVIRONMENT, identity)).toThrow(
      'The Parameter (extra) was not defined in template.',
    );
  });

  it('orders resources after their references and reports cycles and unknown references', () => {
    const resources = {
      server: { type: 'OS::Nova::Server', properties: { networks: [{ port: { get_resource: 'port' } }] } },
      port: { type: 'OS::Neutron::Port', properties: { network: { get_attr: ['net', 'name'] } } },
      net: { type: 'OS::Neutron::Net' },
      fip: { type: 'OS::Neutron::FloatingIP', depends_on: 'server' },
    };
    expect(creationOrder(resources)).toEqual(['net', 'port', 'server', 'fip']);
    expect(requiredBy(resources).get('port')).toEqual(['server']);
    expect(() => creationOrder({ a: { type: 'T', depends_on: 'b' }, b: { type: 'T', depends_on: 'a' } })).toThrow(
      'Circular Dependency Found',
    );
    expect(() => creationOrder({ a: { type: 'T', properties: { get_resource: 'ghost' } } })).toThrow(TemplateError);
  });
});
