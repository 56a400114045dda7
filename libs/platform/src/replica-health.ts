import { createServer, type Server } from 'node:http';
import { errorMessage } from '@vnfm/util';
import type { ServiceRuntime } from './service-runtime';

/**
 * One replica's health over HTTP, for its supervisor's probes (a Kubernetes
 * Pod's): `GET /health/live` answers 200 while the process serves;
 * `GET /health/ready` answers 200 with the replica's health when its store
 * answers and it holds its leases, 503 otherwise. Nothing else is served.
 */
export async function serveReplicaHealth(runtime: ServiceRuntime, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const answer = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'GET') return answer(405, { status: 405, detail: 'Only GET is served here.' });
    if (request.url === '/health/live') return answer(200, { status: 'UP' });
    if (request.url !== '/health/ready') return answer(404, { status: 404, detail: 'GET /health/live or /health/ready.' });
    runtime.health().then(
      (health) => answer(health.status === 'UP' ? 200 : 503, health),
      (error: unknown) => answer(503, { status: 'DOWN', detail: errorMessage(error) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
