import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

// The subscriber's own event loop: POSTs are timed as they arrive, whatever the test's process is doing.
const SERVER = `
const http = require('node:http');
const arrivals = [];
const delayMs = Number(process.argv[1]);
http.createServer((request, response) => {
  if (request.url === '/_arrivals') return response.writeHead(200).end(JSON.stringify(arrivals));
  request.resume();
  if (request.method === 'POST') arrivals.push(Date.now());
  setTimeout(() => response.writeHead(204).end(), request.method === 'POST' ? delayMs : 0);
}).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });
`;

/** A subscriber in a process of its own, answering each POST with 204 after `delayMs`, keeping when each arrived. */
export class ReceiverProcess {
  private child?: ChildProcess;
  private port = 0;

  async start(delayMs: number): Promise<void> {
    this.child = spawn(process.execPath, ['-e', SERVER, String(delayMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [chunk] = (await once(this.child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    this.port = Number(chunk.toString().trim());
  }

  uri(name: string): string {
    return `http://127.0.0.1:${this.port}/${name}`;
  }

  /** When each POST arrived (epoch ms), in order. */
  async arrivals(): Promise<number[]> {
    return (await (await fetch(`http://127.0.0.1:${this.port}/_arrivals`)).json()) as number[];
  }

  async close(): Promise<void> {
    this.child?.kill();
    if (this.child && this.child.exitCode === null) await once(this.child, 'exit');
  }
}
