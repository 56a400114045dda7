import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@vnfm/contracts';
import { callOpenStack } from './openstack-http';

/** A local HTTP server standing in for a VIM endpoint: each path answers as the test needs. */
function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

describe('callOpenStack', () => {
  const server = createServer((request, response) => {
    if (request.url === '/stacks/vnf-1') {
      response.writeHead(302, { Location: '/stacks/vnf-1/id-1' }).end();
    } else if (request.url === '/stacks/vnf-1/id-1') {
      response
        .writeHead(200, { 'Content-Type': 'application/json', 'X-Subject-Token': 'seen' })
        .end(JSON.stringify({ stack: { id: 'id-1', token: request.headers['x-auth-token'] } }));
    } else if (request.url === '/silent') {
      // Never answers.
    } else {
      response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'no such thing' } }));
    }
  });
  let base: string;
  beforeAll(async () => (base = await listen(server)));
  afterAll(() => new Promise((resolve) => server.close(resolve).closeAllConnections()));

  it('follows the redirect Heat answers to a stack name, sends the token in a header, and gives headers in lower case', async () => {
    const answer = await callOpenStack({ service: 'Heat', method: 'GET', url: `${base}/stacks/vnf-1`, token: 'tok' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ stack: { id: 'id-1', token: 'tok' } });
    expect(answer.headers['x-subject-token']).toBe('seen');
  });

  it('hands an error answer back as it came (expectOk decides)', async () => {
    const answer = await callOpenStack({ service: 'Nova', method: 'GET', url: `${base}/servers/x` });
    expect(answer.status).toBe(404);
    expect(answer.text).toContain('no such thing');
  });

  it('is a 503 naming the service and the socket error when nothing listens', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const error = await callOpenStack({ service: 'Keystone', method: 'POST', url: `${url}/v3/auth/tokens`, body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 503,
      detail: expect.stringMatching(/^Keystone at http:\/\/127\.0\.0\.1:\d+ cannot be reached: .*ECONNREFUSED/),
    });
  });

  it('is a 503 when the VIM does not answer in time', async () => {
    const error = await callOpenStack({ service: 'Heat', method: 'GET', url: `${base}/silent`, timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, detail: `Heat at ${base} did not answer GET within 0.2 s.` });
  });

  it("passes the step's own abort through untouched", async () => {
    const abort = new AbortController();
    const reason = new Error('service stopping');
    setTimeout(() => abort.abort(reason), 50);
    await expect(callOpenStack({ service: 'Heat', method: 'GET', url: `${base}/silent`, signal: abort.signal })).rejects.toBe(reason);
  });
});
