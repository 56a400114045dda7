import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '@vnfm/util';
import { corpusPath } from '@vnfm/vnf-package/testing';

type Json = Record<string, unknown>;

const omit = (record: Json, ...keys: string[]): Json => Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));

/**
 * A Tacker functional-test request body of the test corpus, with its
 * placeholders (`<net:net0>`, `<subnet:subnet0>`, `<port:VDU2_CP1-2>`) turned
 * into plain names: the simulator has no Neutron and takes any network name.
 */
export function tackerRequestBody(name: string): Json {
  const text = readFileSync(corpusPath('tacker', 'request-bodies', name), 'utf8');
  return JSON.parse(text.replace(/<(?:net|subnet|port):([^>]+)>/g, '$1')) as Json;
}

/** SOL 003 v2.6.1 §4.4.1.10 (the v1 API): cpConfig is an array of VnfExtCpConfig, which has no parentCpConfigId. */
function toV1ExtLink(link: Json): Json {
  const extCps = (link.extCps as Json[]).map((cp) => ({
    ...cp,
    cpConfig: Object.values(cp.cpConfig as Record<string, Json>).map((config) => omit(config, 'parentCpConfigId')),
  }));
  return { ...link, extCps };
}

/**
 * VDU2's first port is pre-created in Tacker's functional tests and handed
 * over as an extLinkPort that the extCp names by linkPortId (SOL 003
 * §4.4.1.11); the corpus body leaves it to the package's user-data script.
 */
function withVdu2Port(link: Json): Json {
  const extCps = [...(link.extCps as Json[]), { cpdId: 'VDU2_CP1-1', cpConfig: { 'VDU2_CP1-1': { linkPortId: 'VDU2_CP1-1-link' } } }];
  return { ...link, extCps, extLinkPorts: [{ id: 'VDU2_CP1-1-link', resourceHandle: { resourceId: 'VDU2_CP1-1-port' } }] };
}

/**
 * Tacker's os-v2-instantiate-max body, aimed at the default VIM: without
 * vimConnectionInfo the VNFM takes the tenant's default VIM, so the links
 * name no connection (`vimConnectionId` would point at the dropped `vim1`).
 * The user-data script it names is not in the basic package and goes too.
 * For the v1 API the body is written as SOL 003 v2.6.1 has it.
 */
export function instantiateRequest(apiMajor: 1 | 2): Json {
  const body = omit(tackerRequestBody('os-v2-instantiate-max.json'), 'vimConnectionInfo');
  const additionalParams = omit(body.additionalParams as Json, 'lcm-operation-user-data', 'lcm-operation-user-data-class');
  const extVirtualLinks = (body.extVirtualLinks as Json[]).map((link, index) =>
    omit(index === 0 ? withVdu2Port(link) : link, 'vimConnectionId'),
  );
  const extManagedVirtualLinks = (body.extManagedVirtualLinks as Json[]).map((link) => omit(link, 'vimConnectionId'));
  const common = { ...body, additionalParams, extVirtualLinks, extManagedVirtualLinks };
  if (apiMajor === 2) return common;
  return { ...omit(common, 'extensions', 'vnfConfigurableProperties'), extVirtualLinks: extVirtualLinks.map(toV1ExtLink) };
}

/**
 * An instantiate request body (a JSON code block with a `flavourId`) of a
 * Tacker spec of the test corpus, as the spec prints it: the spec by its
 * number (`000` for testdata/corpus/tacker-specs/000_*.txt), the body by its
 * place among the spec's instantiate bodies.
 */
export function specInstantiateBody(spec: string, index = 0): Json {
  const dir = corpusPath('tacker-specs');
  const file = readdirSync(dir).find((name) => name.startsWith(`${spec}_`) && name.endsWith('.txt'));
  if (!file) throw new Error(`no spec ${spec} in ${dir}`);
  const bodies = [...readFileSync(join(dir, file), 'utf8').matchAll(/\.\. code-block:: json\n\n((?:[ ]+.*\n|\n)+)/g)]
    .map((match) => JSON.parse(match[1] as string) as Json)
    .filter((body) => 'flavourId' in body);
  const body = bodies[index];
  if (!body) throw new Error(`spec ${file} has ${bodies.length} instantiate bodies, none at ${index}`);
  return body;
}

/** The object or array a JSON pointer (`/a/0/b`) ends in, and the last key; undefined as parent when the path is not in the body. */
function pointed(body: Json, pointer: string): { parent: Json | unknown[] | undefined; last: string } {
  const keys = pointer.split('/').slice(1);
  const last = keys.pop() ?? '';
  let at: unknown = body;
  for (const key of keys) at = isRecord(at) || Array.isArray(at) ? (at as Json)[key] : undefined;
  return { parent: isRecord(at) || Array.isArray(at) ? at : undefined, last };
}

/**
 * `body` with the values at these JSON pointers (`/a/0/b`) replaced, each of
 * which must already be there: what a test changes of a body as written is
 * exactly the list it passes.
 */
export function withChanges(body: Json, changes: Record<string, unknown>): Json {
  const copy = structuredClone(body);
  for (const [pointer, value] of Object.entries(changes)) {
    const { parent, last } = pointed(copy, pointer);
    if (!parent || !(last in parent)) throw new Error(`${pointer} is not in the body`);
    (parent as Json)[last] = value;
  }
  return copy;
}

/**
 * `body` with members added at these JSON pointers: each one's object must be
 * there and the member must not (a member the body has is changed with
 * `withChanges`), so what a test adds to a body as written is exactly this list.
 */
export function withAdditions(body: Json, additions: Record<string, unknown>): Json {
  const copy = structuredClone(body);
  for (const [pointer, value] of Object.entries(additions)) {
    const { parent, last } = pointed(copy, pointer);
    if (!isRecord(parent)) throw new Error(`${pointer}: no object of the body to add it to`);
    if (last in parent) throw new Error(`${pointer} is already in the body`);
    parent[last] = value;
  }
  return copy;
}
