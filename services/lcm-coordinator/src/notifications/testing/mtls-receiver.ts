import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { TestPki } from './test-pki';

/** A subscriber that answers only over TLS with a client certificate of the test CA: each request with the certificate's CN, in order. */
export class MutualTlsReceiver {
  readonly received: { method: string; path: string; clientCn: string; body: Record<string, unknown> }[] = [];
  private server?: Server;

  async start(pki: TestPki): Promise<void> {
    this.server = createServer(
      {
        cert: readFileSync(pki.serverCertFile),
        key: readFileSync(pki.serverKeyFile),
        ca: readFileSync(pki.caFile),
        requestCert: true,
        rejectUnauthorized: true,
      },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const clientCn = String((request.socket as TLSSocket).getPeerCertificate().subject?.CN ?? '');
          this.received.push({
            method: request.method ?? '',
            path: request.url ?? '',
            clientCn,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
          });
          response.writeHead(204).end();
        });
      },
    );
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  uri(name: string): string {
    return `https://127.0.0.1:${(this.server?.address() as AddressInfo).port}/${name}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
