import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { infraUp } from './infra-script';
import { killGroup, startProduct, type ProductProcess } from './product-process';

export interface LoadBalancer {
  url: string;
  /** HAProxy's own output (servers going DOWN and UP, as its health checks see them). */
  lines: string[];
  close(): Promise<void>;
}

/**
 * HAProxy (tools/haproxy, Debian's) in front of gateways on 127.0.0.1, as an
 * operator's load balancer would be: each gateway checked on
 * `GET /health/ready` every 300 ms (out after three failures, under a
 * second; back after two successes), a request whose connection is refused
 * retried on the other gateway. Runs in the foreground of a process group of its own.
 */
export async function startLoadBalancer(dir: string, port: number, gateways: number[]): Promise<LoadBalancer> {
  const binary = (await infraUp('tools/haproxy/haproxy.sh')).VNFM_HAPROXY_BINARY;
  if (!binary) throw new Error('tools/haproxy/haproxy.sh up did not print VNFM_HAPROXY_BINARY');
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  log stderr format short local0 info',
      'defaults',
      '  mode http',
      '  log global',
      '  option httplog',
      '  timeout connect 1s',
      '  timeout client 120s',
      '  timeout server 120s',
      '  retries 3',
      '  option redispatch',
      'frontend api',
      `  bind 127.0.0.1:${port}`,
      '  default_backend gateways',
      'backend gateways',
      '  balance roundrobin',
      '  option httpchk GET /health/ready',
      '  http-check expect status 200',
      '  timeout check 2s',
      '  default-server inter 300ms fall 3 rise 2',
      ...gateways.map((gateway, index) => `  server gateway${index} 127.0.0.1:${gateway} check`),
      '',
    ].join('\n'),
  );
  const process: ProductProcess = startProduct(binary, ['-db', '-f', config], {});
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answered = await fetch(`${url}/health/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) break;
    if (process.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`HAProxy did not answer on ${url}; output:\n${process.lines.slice(-20).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, lines: process.lines, close: () => killGroup(process, 'SIGTERM') };
}
