import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedNotification {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** When it arrived (epoch ms). */
  receivedAt: number;
}

/** What a receiver answers to one notification: a status, after a delay. */
export type Answer = (notification: ReceivedNotification) => { status: number; delayMs?: number };

/**
 * Subscribers for tests: one real HTTP server, one receiver per path
 * (`/<name>`), each answering as the test says (204 by default), and an
 * OAuth 2.0 token endpoint (`POST /token`) handing out `token-<n>`.
 */
export class NotificationReceivers {
  readonly received: ReceivedNotification[] = [];
  readonly answers = new Map<string, Answer>();
  tokensIssued = 0;
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        if (path === '/token') {
          this.tokensIssued++;
          response
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ access_token: `token-${this.tokensIssued}`, token_type: 'Bearer', expires_in: 3600 }));
          return;
        }
        const notification = {
          method: request.method ?? '',
          path,
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
          receivedAt: Date.now(),
        };
        this.received.push(notification);
        const answer: Answer = this.answers.get(path) ?? (() => ({ status: 204 }));
        const { status, delayMs = 0 } = answer(notification);
        setTimeout(() => {
          if (!response.destroyed) response.writeHead(status).end();
        }, delayMs).unref();
      });
    });
    this.server.keepAliveTimeout = 100;
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  uri(name: string): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/${name}`;
  }

  /** The notifications a receiver got (POSTs; a callback test's GET is none), in arrival order. */
  at(name: string): ReceivedNotification[] {
    return this.received.filter((notification) => notification.method === 'POST' && notification.path === `/${name}`);
  }

  /** Waits until `done` holds for the receiver's notifications. */
  async until(name: string, done: (got: ReceivedNotification[]) => boolean, timeoutMs = 20_000): Promise<ReceivedNotification[]> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this.at(name))) {
      if (Date.now() > deadline) throw new Error(`receiver ${name} got ${JSON.stringify(this.at(name).map((n) => summary(n.body)))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.at(name);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** `VnfIdentifierCreationNotification`, or the operation state of an occurrence notification. */
export const summary = (body: Record<string, unknown>) =>
  body.notificationType === 'VnfLcmOperationOccurrenceNotification'
    ? `${String(body.operation)}:${String(body.operationState)}`
    : String(body.notificationType);
