import { readFileSync } from 'node:fs';
import { toVimConnectionInfo } from './vim-connection-info';
import { parseVimConnectionInfo } from './vim-connection-info.validator';
import { corpusPath } from '@vnfm/vnf-package/testing';
import type { VimRecord } from './vim.types';

const CA = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ0Ff\n-----END CERTIFICATE-----\n';

/** A Tacker v2 request body of the corpus with its placeholders filled in as a real request would have them. */
function corpusVimConnectionInfo(file: string): unknown {
  const text = readFileSync(corpusPath('tacker', 'request-bodies', file), 'utf8')
    .replaceAll('<keystone>', '127.0.0.1:5000')
    .replaceAll('<k8s-api-server>', '127.0.0.1')
    .replaceAll('<ssl-ca-cert-pem>', CA.replaceAll('\n', '\\n'))
    .replaceAll('<bearer-token>', 'token-1');
  return (JSON.parse(text) as { vimConnectionInfo: unknown }).vimConnectionInfo;
}

describe('SOL003 vimConnectionInfo', () => {
  it('accepts the inline OpenStack and Kubernetes entries of Tacker v2 instantiate requests', () => {
    const openstack = parseVimConnectionInfo(corpusVimConnectionInfo('os-v2-instantiate-max.json'));
    expect(openstack).toMatchObject({
      ok: true,
      value: { vim1: { kind: 'inline', info: { vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3', accessInfo: { password: 'devstack' } } } },
    });
    const kubernetes = parseVimConnectionInfo(corpusVimConnectionInfo('k8s-v2-instantiate-max.json'));
    expect(kubernetes).toMatchObject({
      ok: true,
      value: {
        vim1: {
          kind: 'inline',
          info: { interfaceInfo: { endpoint: 'https://127.0.0.1:6443', ssl_ca_cert: CA }, accessInfo: { bearer_token: 'token-1' } },
        },
        vim2: { kind: 'inline', info: { accessInfo: { username: 'dummy_user', password: 'dummy_password' } } },
      },
    });
  });

  it('takes an entry with only a vimId as a reference to the registry, in the v2.6.1 array form too', () => {
    expect(parseVimConnectionInfo([{ id: 'vim1', vimId: 'abc', vimType: 'ETSINFV.KUBERNETES.V_1' }])).toEqual({
      ok: true,
      value: { vim1: { kind: 'registry', vimId: 'abc', vimType: 'ETSINFV.KUBERNETES.V_1', extra: undefined } },
    });
  });

  it('reads the ETSINFV.OPENSTACK_KEYSTONE.V_2 (or v_2) that Tacker v1 clients send as the registered Keystone v3 type', () => {
    expect(
      parseVimConnectionInfo([
        { id: 'vim1', vimId: 'abc', vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_2' },
        { id: 'vim2', vimId: 'abc', vimType: 'ETSINFV.OPENSTACK_KEYSTONE.v_2' },
      ]),
    ).toEqual({
      ok: true,
      value: {
        vim1: { kind: 'registry', vimId: 'abc', vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3', extra: undefined },
        vim2: { kind: 'registry', vimId: 'abc', vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3', extra: undefined },
      },
    });
  });

  it('refuses incomplete inline entries, unknown VIM types and secrets in extra', () => {
    expect(
      parseVimConnectionInfo({
        a: { vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3', interfaceInfo: { endpoint: 'http://k/v3' }, accessInfo: { username: 'u' } },
        b: { vimType: 'ETSINFV.AZURE.V_1', vimId: 'x' },
        c: { vimId: 'x', interfaceInfo: { endpoint: 'https://k' } },
        d: { vimId: 'x', extra: { token: 't' } },
        e: {},
      }),
    ).toEqual({
      ok: false,
      problems: [
        'vimConnectionInfo.a.accessInfo.password is required.',
        'vimConnectionInfo.a.accessInfo.project is required.',
        'vimConnectionInfo.b.vimType ETSINFV.AZURE.V_1 is not supported (ETSINFV.OPENSTACK_KEYSTONE.V_3, ETSINFV.KUBERNETES.V_1, ETSINFV.HELM.V_3; ETSINFV.OPENSTACK_KEYSTONE.V_2 is read as V_3).',
        'vimConnectionInfo.c must give interfaceInfo and accessInfo as objects together (or only a vimId).',
        'vimConnectionInfo.d.extra.token looks like a secret; secrets are accepted only in their credential fields, never in vimConnectionInfo.d.extra.',
        'vimConnectionInfo.e.vimType is required.',
        'vimConnectionInfo.e needs a vimId, or interfaceInfo and accessInfo.',
      ],
    });
  });

  it('refuses inline Kubernetes credentials an HTTP header cannot carry, without quoting them', () => {
    const entry = (accessInfo: Record<string, unknown>) => ({
      vimType: 'ETSINFV.KUBERNETES.V_1',
      interfaceInfo: { endpoint: 'https://127.0.0.1:6443' },
      accessInfo,
    });
    const parsed = parseVimConnectionInfo({
      a: entry({ bearer_token: 'token-1\n' }),
      b: entry({ username: 'u:1', password: 'secret\r\n' }),
      c: entry({ bearer_token: 'token-2' }),
    });
    expect(parsed).toEqual({
      ok: false,
      problems: [
        'vimConnectionInfo.a.accessInfo.bearer_token holds a line break (CR or LF), which an HTTP header cannot carry (it is sent as "Authorization: Bearer <token>"); give the token without it.',
        'vimConnectionInfo.b.accessInfo.username must not contain ":" (HTTP Basic, RFC 7617 §2).',
        'vimConnectionInfo.b.accessInfo.password holds a line break or another control character, which HTTP Basic credentials cannot carry (RFC 7617 §2).',
      ],
    });
  });

  it('takes an inline ssl_ca_cert None (certificate checks off) as Tacker writes it, and refuses other non-PEM text', () => {
    const entry = (ssl_ca_cert: unknown) => ({
      vimType: 'ETSINFV.KUBERNETES.V_1',
      interfaceInfo: { endpoint: 'https://127.0.0.1:6443', ssl_ca_cert },
      accessInfo: { bearer_token: 't' },
    });
    expect(parseVimConnectionInfo({ a: entry('None') })).toMatchObject({
      ok: true,
      value: { a: { info: { interfaceInfo: { ssl_ca_cert: 'None' } } } },
    });
    expect(parseVimConnectionInfo({ a: entry('hello') })).toEqual({
      ok: false,
      problems: ['vimConnectionInfo.a.interfaceInfo.ssl_ca_cert is not a PEM certificate (or None, to turn certificate checks off).'],
    });
  });

  it('maps a registered VIM to vimConnectionInfo as Tacker v2 does, with its secrets opened', () => {
    const vim: VimRecord = {
      id: 'v1',
      name: 'k8s',
      description: '',
      type: 'kubernetes',
      tenantId: 'admin',
      authUrl: 'https://127.0.0.1:16443',
      vimProject: { name: 'vnf-tenant' },
      authCred: {},
      sealedSecrets: { bearer_token: 'sealed', ssl_ca_cert: 'sealed' },
      extra: { use_helm: true },
      isDefault: false,
      status: 'REACHABLE',
      placementAttr: {},
      createdAt: 't',
      updatedAt: null,
    };
    expect(toVimConnectionInfo(vim, { bearer_token: 'tok', ssl_ca_cert: CA })).toEqual({
      vimId: 'v1',
      vimType: 'ETSINFV.HELM.V_3',
      interfaceInfo: { endpoint: 'https://127.0.0.1:16443', ssl_ca_cert: CA },
      accessInfo: { bearer_token: 'tok' },
      extra: { namespace: 'vnf-tenant', use_helm: true },
    });
    const unchecked = toVimConnectionInfo(
      { ...vim, authCred: { ssl_ca_cert: 'None' }, sealedSecrets: { bearer_token: 's' } },
      { bearer_token: 'tok' },
    );
    expect(unchecked.interfaceInfo).toEqual({ endpoint: 'https://127.0.0.1:16443', ssl_ca_cert: 'None' });
    const noCa = toVimConnectionInfo({ ...vim, sealedSecrets: { bearer_token: 's' } }, { bearer_token: 'tok' });
    expect(noCa.interfaceInfo).toEqual({ endpoint: 'https://127.0.0.1:16443' });
    const openstack = toVimConnectionInfo(
      {
        ...vim,
        type: 'openstack',
        extra: {},
        vimProject: { name: 'nfv', project_domain_name: 'Default' },
        authCred: { username: 'nfv_user', user_domain_name: 'Default', cert_verify: 'True' },
        placementAttr: { regions: ['RegionOne'] },
      },
      { password: 'devstack' },
    );
    expect(openstack).toEqual({
      vimId: 'v1',
      vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3',
      interfaceInfo: { endpoint: 'https://127.0.0.1:16443', skipCertificateVerification: false },
      accessInfo: {
        username: 'nfv_user',
        password: 'devstack',
        region: 'RegionOne',
        project: 'nfv',
        projectDomain: 'Default',
        userDomain: 'Default',
      },
      extra: {},
    });
  });
});
