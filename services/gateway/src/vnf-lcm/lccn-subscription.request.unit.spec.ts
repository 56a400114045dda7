import { readFileSync } from 'node:fs';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { lccnSubscriptionRequestOf } from './lccn-subscription.request';

const tackerBody = () =>
  JSON.parse(readFileSync(corpusPath('tacker', 'request-bodies', 'os-v2-subscription-max.json'), 'utf8')) as Record<string, unknown>;
const problemOf = (major: 1 | 2, body: unknown) => {
  try {
    lccnSubscriptionRequestOf(major, body);
  } catch (error) {
    return error as { status: number; detail: string };
  }
  throw new Error('accepted');
};

describe('LccnSubscriptionRequest validation (SOL 003 v2.6.1 for /vnflcm/v1, v3.3.1 for /vnflcm/v2)', () => {
  it("accepts Tacker's maximal v2 body, its numeric versions written as the strings SOL 003 types them", () => {
    const request = lccnSubscriptionRequestOf(2, { ...tackerBody(), callbackUri: 'http://nfvo.example/cb' });
    expect(request.filter?.vnfInstanceSubscriptionFilter?.vnfProductsFromProviders?.[0].vnfProducts?.[0].versions?.[1]).toEqual({
      vnfSoftwareVersion: '1.1',
      vnfdVersions: ['1.1', '2.1'],
    });
    expect(
      request.filter?.vnfInstanceSubscriptionFilter?.vnfProductsFromProviders?.[0].vnfProducts?.[0].versions?.[0].vnfSoftwareVersion,
    ).toBe('1.0');
  });

  it('v1 refuses what only v3.3.1 has (verbosity, CHANGE_VNFPKG), v2 accepts it', () => {
    const body = { callbackUri: 'https://nfvo.example/cb', verbosity: 'SHORT', filter: { operationTypes: ['CHANGE_VNFPKG'] } };
    expect(problemOf(1, body).detail).toBe(
      'property verbosity should not exist; filter.operationTypes[0] must be one of INSTANTIATE, SCALE, SCALE_TO_LEVEL, CHANGE_FLAVOUR, TERMINATE, HEAL, OPERATE, CHANGE_EXT_CONN, MODIFY_INFO',
    );
    expect(lccnSubscriptionRequestOf(2, body)).toEqual(body);
  });

  it('names every member at fault by its path, never its value', () => {
    const problem = problemOf(2, {
      callbackUri: 'ftp://nfvo/cb',
      filter: {
        vnfInstanceSubscriptionFilter: { vnfProductsFromProviders: [{ vnfProducts: [{ vnfProductName: '' }] }] },
        operationStates: ['DONE'],
      },
      authentication: {
        authType: ['OAUTH2_CLIENT_CREDENTIALS'],
        paramsOauth2ClientCredentials: { clientId: 'c', clientPassword: 'hunter2', tokenEndpoint: 'token' },
        extra: 1,
      },
    });
    expect(problem.status).toBe(400);
    expect(problem.detail.split('; ')).toEqual([
      'filter.vnfInstanceSubscriptionFilter.vnfProductsFromProviders[0].vnfProvider is required',
      'filter.vnfInstanceSubscriptionFilter.vnfProductsFromProviders[0].vnfProducts[0].vnfProductName must be a non-empty string',
      'filter.operationStates[0] must be one of STARTING, PROCESSING, COMPLETED, FAILED_TEMP, FAILED, ROLLING_BACK, ROLLED_BACK',
      'callbackUri must be an absolute http or https URI',
      'property authentication.extra should not exist',
      'authentication.paramsOauth2ClientCredentials.tokenEndpoint must be an absolute http or https URI',
    ]);
    expect(problem.detail).not.toContain('hunter2');
  });

  it('needs the parameters of each authType named; TLS_CERT (v2) needs none (the VNFM presents its own certificate)', () => {
    expect(problemOf(2, { callbackUri: 'http://x/', authentication: { authType: ['OAUTH2_CLIENT_CREDENTIALS'] } }).detail).toMatch(
      /paramsOauth2ClientCredentials is required/,
    );
    expect(problemOf(2, { callbackUri: 'http://x/', authentication: { authType: [] } }).detail).toBe(
      'authentication.authType must not be empty',
    );
    expect(lccnSubscriptionRequestOf(2, { callbackUri: 'http://x/', authentication: { authType: ['TLS_CERT'] } })).toEqual({
      callbackUri: 'http://x/',
      authentication: { authType: ['TLS_CERT'] },
    });
  });
});
