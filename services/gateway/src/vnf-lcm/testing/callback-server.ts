import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test subscriber does with a request on `path` (default: 204, as SOL 013 expects of a callback's GET). */
export type CallbackBehaviour = (response: ServerResponse, path: string) => void;

/** A subscriber's notification endpoint (and OAuth 2.0 token endpoint at /token) on a local port: records each request. */
export class CallbackServer {
  readonly received: { method: string; path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  behaviour: CallbackBehaviour = (response) => response.writeHead(204).end();
  private server?: Server;

  async start(): Promise<string> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        this.received.push({ method: request.method ?? '', path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        this.behaviour(response, path);
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
