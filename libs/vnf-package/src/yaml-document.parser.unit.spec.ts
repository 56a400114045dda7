import { readFileSync } from 'node:fs';
import { parseYamlTemplate } from './yaml-document.parser';
import { corpusPath } from './testing';

const parse = (text: string) => parseYamlTemplate(Buffer.from(text), 'Definitions/types.yaml');

// Expected values are what PyYAML's BaseLoader (Tacker's parser, every scalar a string) reads.
describe('parseYamlTemplate', () => {
  it('reads a flow sequence continued at column 1, as ETSI SOL001 v2.6.1 writes valid_values', () => {
    const text = [
      'properties:',
      '  performance_metric:',
      '    constraints:',
      '      - valid_values: [ v_cpu_usage_mean_vnf, v_memory_usage_peak_vnf',
      'packet_incoming_vnf_ext_cp, packet_outgoing_vnf_ext_cp ]',
      '  collection_period:',
      '    type: scalar-unit.time',
      '',
    ].join('\n');
    expect(parse(text)).toEqual({
      properties: {
        performance_metric: {
          constraints: [
            { valid_values: ['v_cpu_usage_mean_vnf', 'v_memory_usage_peak_vnf packet_incoming_vnf_ext_cp', 'packet_outgoing_vnf_ext_cp'] },
          ],
        },
        collection_period: { type: 'scalar-unit.time' },
      },
    });
  });

  it('reads nested flow collections, flow maps and quoted scalars continued on lines less indented than their block', () => {
    const text =
      'a:\n  b: [ x, y\nz, w ]\n  c: { p: 1,\n q: 2 }\n  e:\n    - valid_values: [ a, b,\n c, [d,\ne, "f\ng"],\nh ]\n      other: { k: [ 1,\n2 ], "m": n }\n';
    expect(parse(text)).toEqual({
      a: {
        b: ['x', 'y z', 'w'],
        c: { p: '1', q: '2' },
        e: [{ valid_values: ['a', 'b', 'c', ['d', 'e', 'f g'], 'h'], other: { k: ['1', '2'], m: 'n' } }],
      },
    });
  });

  it('keeps brackets and # inside quotes, and comments, out of the flow it follows', () => {
    const text = "a:\n  b: [ x, \"it's ]\n   # no comment\", 'y'' #z ]',\nw # c ]\n, v ]\n  c: [ it's, d ]\n";
    expect(parse(text)).toEqual({ a: { b: ['x', "it's ] # no comment", "y' #z ]", 'w', 'v'], c: ["it's", 'd'] } });
  });

  it("reads Tacker's copy of etsi_nfv_sol001_vnfd_types.yaml", () => {
    const doc = parseYamlTemplate(
      readFileSync(corpusPath('tacker', '_etsi-sol001-types', 'etsi_nfv_sol001_vnfd_types.yaml')),
      'Definitions/etsi_nfv_sol001_vnfd_types.yaml',
    ) as Record<string, Record<string, unknown>>;
    expect(doc.data_types['tosca.datatypes.nfv.VnfMonitoringParameter']).toMatchObject({
      properties: {
        performance_metric: {
          constraints: [{ valid_values: expect.arrayContaining(['byte_outgoing_vnf_ext_cp', 'packet_outgoing_vnf_ext_cp']) }],
        },
        collection_period: { type: 'scalar-unit.time' },
      },
    });
  });

  it('still refuses what PyYAML refuses: a document marker inside a flow, an unclosed flow, duplicate keys', () => {
    expect(() => parse('a: [ x,\n--- ]\n')).toThrow(
      expect.objectContaining({
        code: 'INVALID_YAML',
        detail: expect.stringContaining('Flow sequence in block collection must be sufficiently indented'),
      }),
    );
    expect(() => parse('a:\n  b: [ x,\ny\n')).toThrow(expect.objectContaining({ code: 'INVALID_YAML' }));
    expect(() => parse('a: 1\na: 2\n')).toThrow(
      expect.objectContaining({ code: 'INVALID_YAML', detail: expect.stringContaining('Map keys must be unique') }),
    );
  });

  it('still refuses an alias bomb in a template whose flows need re-indenting', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x,',
      'x]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(', ')}]`,
      ),
    ].join('\n');
    expect(() => parse(`k:\n  v: [ 1,\n2 ]\n${bomb}\n`)).toThrow(expect.objectContaining({ code: 'YAML_ALIAS_LIMIT' }));
  });
});
