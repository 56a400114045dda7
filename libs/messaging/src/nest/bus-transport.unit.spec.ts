import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import { AppError, commandTopicOfType } from '@vnfm/contracts';
import { createLogger } from '@vnfm/telemetry';
import { InProcessBroker } from '../in-process/in-process.broker';
import { MessageBus } from '../message-bus';
import { BusClient } from './bus.client';
import { BusExceptionFilter } from './bus-exception.filter';
import { BusContext, BusServer } from './bus.server';

const events: unknown[] = [];

@Controller()
class CatalogController {
  @MessagePattern('catalog.describe')
  describe(@Payload() payload: { id: string }, @Ctx() context: BusContext) {
    if (payload.id === 'missing') throw new AppError('NOT_FOUND', 404, 'Not Found', `package ${payload.id} does not exist`);
    return { id: payload.id, key: context.envelope.key };
  }

  @EventPattern('registry.VimRegistered')
  onVim(@Payload() payload: unknown) {
    events.push(payload);
  }
}

@Module({ controllers: [CatalogController] })
class CatalogModule {}

describe('NestJS bus transport', () => {
  const broker = new InProcessBroker();
  const logger = createLogger('transport-test', 'silent');
  const serverBus = new MessageBus({ broker, clientId: 'catalog-1', logger });
  const clientBus = new MessageBus({ broker, clientId: 'gateway-1', logger });
  const client = new BusClient(clientBus);
  let app: INestMicroservice;

  beforeAll(async () => {
    const strategy = new BusServer(serverBus, {
      group: 'catalog',
      commandTopic: commandTopicOfType('catalog.x'),
      eventTopics: ['vnfm.registry.events'],
    });
    app = await NestFactory.createMicroservice(CatalogModule, { strategy, logger: false });
    app.useGlobalFilters(new BusExceptionFilter());
    await app.listen();
    await client.connect();
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([serverBus.stop(), clientBus.stop()]);
  });

  it('routes a command to its @MessagePattern handler and returns the result', async () => {
    await expect(client.call('catalog.describe', { id: 'pkg-1' }, { key: 'pkg-1' })).resolves.toEqual({ id: 'pkg-1', key: 'pkg-1' });
    await expect(lastValueFrom(client.send('catalog.describe', { id: 'pkg-2' }))).resolves.toMatchObject({ id: 'pkg-2' });
  });

  it('returns a handler refusal and an unknown command as errors with their status', async () => {
    await expect(client.call('catalog.describe', { id: 'missing' })).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    await expect(client.call('catalog.unknown', {})).rejects.toMatchObject({ code: 'UNKNOWN_COMMAND', status: 404 });
  });

  it('delivers published events to @EventPattern handlers', async () => {
    await lastValueFrom(client.emit('vnfm.registry.events#registry.VimRegistered', { vimId: 'v1' }), { defaultValue: undefined });
    const deadline = Date.now() + 2000;
    while (events.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual([{ vimId: 'v1' }]);
  });
});
