import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** One request the receiver got, as it arrived. */
export interface Received {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const openssl = (dir: string, ...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A self-signed test CA in `dir` (`<name>.crt`, `<name>.key`); its PEM. */
export function makeCa(dir: string, name: string): string {
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
    '-days',
    '2',
    '-subj',
    `/CN=vnfm test ${name}`,
  );
  return readFileSync(join(dir, `${name}.crt`), 'utf8');
}

/** A certificate signed by the CA `ca` (path without `.crt`/`.key`, relative to `dir` or absolute): a server's (subjectAltName) or a client's (O= groups); the CA's files are only read. */
export function signCert(dir: string, ca: string, name: string, subject: string, extensions: string): { cert: string; key: string } {
  openssl(dir, 'req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
  writeFileSync(join(dir, `${name}.ext`), `${extensions}\n`);
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-set_serial',
    `0x${randomBytes(8).toString('hex')}`,
    '-out',
    `${name}.crt`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
  );
  return { cert: readFileSync(join(dir, `${name}.crt`), 'utf8'), key: readFileSync(join(dir, `${name}.key`), 'utf8') };
}

/**
 * The web server the workload cluster's credentials are sent to: HTTPS on
 * 127.0.0.1 with a certificate of its own test CA, recording every request;
 * it answers the statuses queued in `answers` in turn, then 200 (a
 * refusal's body echoes the request).
 */
export class TestReceiver {
  readonly received: Received[] = [];
  readonly answers: number[] = [];
  readonly caPem: string;
  private readonly server: Server;

  constructor(dir: string) {
    this.caPem = makeCa(dir, 'receiver-ca');
    const { cert, key } = signCert(dir, 'receiver-ca', 'receiver', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1');
    this.server = createServer({ cert, key }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        this.received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
        const status = this.answers.shift() ?? 200;
        // A refusal echoes what came, as a careless receiver might: the driver must not pass it on.
        response.writeHead(status, { 'content-type': 'application/json' }).end(status >= 300 ? body : '{}');
      });
    });
  }

  /** Listens on `port` (any free one by default); the URL to POST to. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}/clusters`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
