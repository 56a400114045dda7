import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, Type } from '@nestjs/common';
import { loadConfig } from '@vnfm/config';
import {
  abandonStepMessageType,
  commandTopicOfType,
  RECORD_STEP_RESULT,
  runStepMessageType,
  serviceUnavailable,
  type AbandonStepReply,
  type RecordStepResultMessage,
  type RunStepMessage,
  type RunStepReply,
  type ServiceName,
  type StepAction,
} from '@vnfm/contracts';
import { MessageBus } from '@vnfm/messaging';
import { createInfrastructure, startBackendService, type Infrastructure, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import type { StepHandlers } from '../step-context';
import { ConformanceSteps, SLOW_STEP_MS, type ConformanceMode } from './conformance-steps';

export interface StepHostUnderTest {
  service: ServiceName;
  /** The action the service's steps carry (its handlers are replaced by recording ones for it). */
  action: StepAction;
  /** The service's composition with these handlers in place of its own (or with `steps` plugged in deeper, e.g. as a MgmtDriver). */
  module(handlers: StepHandlers, steps: ConformanceSteps): Type<unknown> | DynamicModule;
  /** What the service's messages carry besides the protocol's (e.g. a hook's HookContext). */
  decorate?(message: RunStepMessage): RunStepMessage;
  /** What the service does at start with a step left open (its StepHostModule `resume`). */
  resume: 'run' | 'fail';
  /** The service as it ships, and what a step of `action` ends with there (for handlers that answer at once). */
  own?: { module: Type<unknown> | DynamicModule; outcome: Record<string, unknown> };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SHUTDOWN_GRACE_MS = 3 * SLOW_STEP_MS;

/**
 * The step protocol (docs/steps.md) checked against one service over the
 * in-process bus and its embedded store, with a stand-in coordinator: accept
 * at once, one run per stepId, resume after a stop on the same store,
 * deadline, abandonment, and the outcome re-sent under one message id until
 * it is taken. Call it at the top level of a spec file.
 */
export function describeStepProtocolConformance(target: StepHostUnderTest): void {
  describe(`${target.service}: step protocol conformance (in-process bus, embedded store)`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), `vnfm-steps-${target.service}-`));
    const steps = new ConformanceSteps();
    const results: RecordStepResultMessage[] = [];
    const deliveries: Array<{ stepId: string; messageId: string }> = [];
    let refuseNext = 0;
    let infra: Infrastructure;
    let client: MessageBus;
    let running: RunningService | undefined;

    const start = async (module = target.module(steps.handlers([target.action.action]), steps)) => {
      running = await startBackendService(target.service, module, infra);
    };
    const stop = async () => {
      await running?.close();
      running = undefined;
    };
    const step = (mode: ConformanceMode, timeoutMs = 60_000): RunStepMessage => {
      const vnfLcmOpOccId = randomUUID();
      const message: RunStepMessage = {
        stepId: `${vnfLcmOpOccId}:0:1`,
        vnfLcmOpOccId,
        vnfInstanceId: randomUUID(),
        name: 'conformance',
        attempt: 1,
        request: target.action,
        timeoutMs,
        vimConnectionInfo: {},
        additionalParams: { conformance: mode },
        vnfdId: 'vnfd-1',
        vnfcResourceInfo: [],
      };
      return target.decorate ? target.decorate(message) : message;
    };
    const send = (message: RunStepMessage) =>
      client.request<RunStepReply>(runStepMessageType(target.service), message, { key: message.vnfInstanceId });
    const abandon = (message: RunStepMessage, reason = 'no answer in time') =>
      client.request<AbandonStepReply>(
        abandonStepMessageType(target.service),
        { stepId: message.stepId, vnfInstanceId: message.vnfInstanceId, reason },
        { key: message.vnfInstanceId },
      );
    const resultsOf = (stepId: string) => results.filter((result) => result.stepId === stepId);
    const outcomes = async (stepId: string, count = 1, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (resultsOf(stepId).length < count) {
        if (Date.now() > deadline) throw new Error(`step ${stepId}: ${resultsOf(stepId).length} outcomes reported, expected ${count}`);
        await sleep(10);
      }
      return resultsOf(stepId).map((result) => result.outcome);
    };

    beforeAll(async () => {
      const config = loadConfig({
        ...process.env,
        VNFM_DATA_DIR: dataDir,
        VNFM_FSYNC: 'never',
        VNFM_BUS: 'in-process',
        VNFM_LOG_LEVEL: 'warn',
        // A stop lets the steps in flight finish for this long (longer than a `slow` step), then stops them.
        VNFM_SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
      });
      infra = createInfrastructure(config, createLogger('steps-test', 'silent'));
      client = new MessageBus({
        broker: infra.brokerFor('steps-test'),
        clientId: `steps-test-${randomUUID()}`,
        logger: createLogger('steps-test', 'silent'),
      });
      await client.start();
      // The stand-in coordinator: takes each outcome, or refuses it while `refuseNext` lasts (a coordinator restarting).
      await client.consume('lcm-coordinator', [commandTopicOfType(RECORD_STEP_RESULT)], async (payload, envelope) => {
        if (envelope.type !== RECORD_STEP_RESULT) return {};
        const message = payload as RecordStepResultMessage;
        deliveries.push({ stepId: message.stepId, messageId: envelope.id });
        if (refuseNext > 0) {
          refuseNext -= 1;
          throw serviceUnavailable('the coordinator is restarting');
        }
        results.push(message);
        return {};
      });
      await start();
    }, 30_000);
    afterAll(async () => {
      await stop();
      await client.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('accepts a step at once, runs it in the background and reports its outcome', async () => {
      const message = step('block');
      const sentAt = Date.now();
      await expect(send(message)).resolves.toEqual({ accepted: true });
      expect(Date.now() - sentAt).toBeLessThan(1_000);
      await steps.startedRun(message.stepId);
      await abandon(message);
      const quick = step('succeed');
      await send(quick);
      expect(await outcomes(quick.stepId)).toMatchObject([{ status: 'SUCCEEDED' }]);
      expect(steps.runsOf(quick.stepId)).toBe(1);
    });

    it('runs a step of an instance with a tenant confined to that tenant, resumed too (docs/auth.md, Tenants)', async () => {
      const message = { ...step('block-once'), tenant: 'tenant-x' };
      await send(message);
      await steps.startedRun(message.stepId);
      if (target.resume === 'run') {
        await stop();
        await start();
      } else await abandon(message);
      if (target.resume === 'run') await outcomes(message.stepId);
      expect(new Set(steps.tenants.get(message.stepId)?.map((run) => JSON.stringify(run)))).toEqual(
        new Set([JSON.stringify({ tenant: 'tenant-x', allTenants: false })]),
      );
    });

    it('runs a stepId delivered twice once, and answers a later delivery with the recorded outcome', async () => {
      const message = step('succeed');
      await Promise.all([send(message), send(message)]);
      const [first] = await outcomes(message.stepId);
      await send(message);
      expect(await outcomes(message.stepId, 2)).toEqual([first, first]);
      expect(steps.runsOf(message.stepId)).toBe(1);
    });

    it(
      target.resume === 'run'
        ? 'resumes a step open when the service stopped, on the same store, and reports it once'
        : 'fails a step open when the service stopped as interrupted, and reports it once',
      async () => {
        const message = step('block-once');
        await send(message);
        await steps.startedRun(message.stepId);
        await stop();
        expect(steps.stops.get(message.stepId)).toBe('shutdown');
        expect(resultsOf(message.stepId)).toEqual([]);
        await start();
        if (target.resume === 'run') {
          await steps.startedRun(message.stepId, 2);
          expect(await outcomes(message.stepId)).toMatchObject([{ status: 'SUCCEEDED' }]);
          expect(steps.runsOf(message.stepId)).toBe(2);
        } else {
          expect(await outcomes(message.stepId)).toMatchObject([{ status: 'FAILED', error: { status: 500, title: 'Step Interrupted' } }]);
          expect(steps.runsOf(message.stepId)).toBe(1);
        }
        await sleep(300);
        expect(resultsOf(message.stepId)).toHaveLength(1);
      },
      30_000,
    );

    it('a stopping service takes no new step, lets one in flight finish within its grace and reports it, then stops', async () => {
      const message = step('slow');
      await send(message);
      await steps.startedRun(message.stepId);
      const stopping = stop();
      // Its consumer group is left first: a step sent now waits for the next start (or, with replicas, goes to a peer).
      const later = step('succeed');
      const sentLater = send(later);
      await stopping;
      expect(await outcomes(message.stepId)).toMatchObject([{ status: 'SUCCEEDED' }]);
      expect([steps.stops.get(message.stepId), steps.runsOf(message.stepId), steps.runsOf(later.stepId)]).toEqual([undefined, 1, 0]);
      await start();
      await expect(sentLater).resolves.toEqual({ accepted: true });
      expect(await outcomes(later.stepId)).toMatchObject([{ status: 'SUCCEEDED' }]);
    }, 30_000);

    it('stops a handler that never ends at the step deadline and reports a timeout', async () => {
      const message = step('never-end', 300);
      await send(message);
      const [outcome] = await outcomes(message.stepId);
      expect(steps.stops.get(message.stepId)).toBe('deadline');
      expect(outcome).toMatchObject({
        status: 'FAILED',
        error: { status: 504, detail: expect.stringContaining(`${target.service} stopped step conformance`) },
      });
    });

    it('fails a step whose deadline passed while the service was down, without running it again', async () => {
      const message = step('block', 1_000);
      await send(message);
      await steps.startedRun(message.stepId);
      await stop();
      await sleep(1_100);
      await start();
      const [outcome] = await outcomes(message.stepId);
      expect(outcome).toMatchObject({ status: 'FAILED', error: { status: target.resume === 'run' ? 504 : 500 } });
      expect(steps.runsOf(message.stepId)).toBe(1);
    }, 30_000);

    it('abandonStep fires the step signal, nothing is reported, and a late runStep of it does not run it again', async () => {
      const message = step('block');
      await send(message);
      await steps.startedRun(message.stepId);
      await expect(abandon(message)).resolves.toEqual({ known: true });
      expect(steps.stops.get(message.stepId)).toBe('abandoned');
      await send(message);
      const never = step('succeed');
      await expect(abandon(never)).resolves.toEqual({ known: false });
      await send(never);
      await sleep(300);
      expect(resultsOf(message.stepId)).toEqual([]);
      expect(resultsOf(never.stepId)).toEqual([]);
      expect(steps.runsOf(message.stepId)).toBe(1);
      expect(steps.runsOf(never.stepId)).toBe(0);
    });

    it('re-sends the outcome under one message id until the coordinator takes it', async () => {
      refuseNext = 6;
      const message = step('succeed');
      await send(message);
      await outcomes(message.stepId, 1, 20_000);
      const sent = deliveries.filter((delivery) => delivery.stepId === message.stepId);
      expect(sent.length).toBeGreaterThan(6);
      expect(new Set(sent.map((delivery) => delivery.messageId)).size).toBe(1);
      expect(resultsOf(message.stepId)).toHaveLength(1);
    }, 30_000);

    const own = target.own;
    if (own) {
      it('as it ships, accepts a step and reports what its own handler says', async () => {
        await stop();
        await start(own.module);
        try {
          const message = step('succeed');
          await expect(send(message)).resolves.toEqual({ accepted: true });
          expect(await outcomes(message.stepId)).toMatchObject([own.outcome]);
        } finally {
          await stop();
          await start();
        }
      }, 30_000);
    }
  });
}
