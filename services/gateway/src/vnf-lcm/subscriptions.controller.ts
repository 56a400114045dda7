import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  LCCN_SUBSCRIPTIONS,
  refuseSealedMarkers,
  type CreateLccnSubscriptionMessage,
  type LccnSubscriptionRef,
  type LccnSubscriptionView,
  type ListLccnSubscriptionsMessage,
  type ListLccnSubscriptionsReply,
} from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { CallbackClients, OutboundPolicy } from '@vnfm/util';
import { AuthGuard } from '../auth/auth.guard';
import { jsonObjectBody } from '../http/request-body';
import { nextPageUri, solQueryOf } from '../http/sol-query.params';
import { apiMajorOf, VnfLcmApiVersionInterceptor } from './api-version.interceptor';
import { testCallback } from './callback-test';
import { lccnSubscriptionRequestOf } from './lccn-subscription.request';

/**
 * ETSI GS NFV-SOL 003 §5.4.18 and §5.4.19 under /vnflcm/v1 (v2.6.1) and
 * /vnflcm/v2 (v3.3.1): subscriptions to lifecycle change notifications.
 * The body is validated and the callback tested here; the coordinator seals
 * the secrets and records the subscription.
 */
@Controller(['vnflcm/v1', 'vnflcm/v2'])
@UseGuards(AuthGuard)
@UseInterceptors(VnfLcmApiVersionInterceptor)
export class LccnSubscriptionsController {
  private readonly policy: OutboundPolicy;
  private readonly clients: CallbackClients;

  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {
    this.policy = OutboundPolicy.fromConfig(runtime.config, 'callback');
    this.clients = new CallbackClients(this.policy, runtime.config);
  }

  @Post('subscriptions')
  @HttpCode(201)
  async create(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<LccnSubscriptionView> {
    const apiMajor = apiMajorOf(request);
    const message: CreateLccnSubscriptionMessage = { apiMajor, request: lccnSubscriptionRequestOf(apiMajor, jsonObjectBody(request)) };
    // Markers are ours to write (docs/secrets.md): one in a password is refused before it is sent to the callback as a credential.
    refuseSealedMarkers(message.request);
    // SOL 003 §5.4.20.3.2 (GET on the notification endpoint): nothing is created unless the callback answers the test. Tested here, at the edge, where a slow
    // callback holds only its own HTTP request, never a partition of the coordinator's command topic.
    await testCallback(message.request.callbackUri, message.request.authentication, this.policy, this.clients);
    const subscription = await this.runtime.bus.request<LccnSubscriptionView>(LCCN_SUBSCRIPTIONS.create, message);
    response.setHeader('Location', subscription._links.self.href);
    return subscription;
  }

  @Get('subscriptions')
  async list(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ListLccnSubscriptionsReply['items']> {
    const message: ListLccnSubscriptionsMessage = { apiMajor: apiMajorOf(request), query: solQueryOf(request) };
    const reply = await this.runtime.bus.request<ListLccnSubscriptionsReply>(LCCN_SUBSCRIPTIONS.list, message);
    if (reply.nextMarker) response.setHeader('Link', `<${nextPageUri(request, reply.nextMarker)}>; rel="next"`);
    return reply.items;
  }

  @Get('subscriptions/:subscriptionId')
  show(@Req() request: Request, @Param('subscriptionId') subscriptionId: string): Promise<LccnSubscriptionView> {
    const ref: LccnSubscriptionRef = { apiMajor: apiMajorOf(request), subscriptionId };
    return this.runtime.bus.request<LccnSubscriptionView>(LCCN_SUBSCRIPTIONS.get, ref, { key: subscriptionId });
  }

  @Delete('subscriptions/:subscriptionId')
  @HttpCode(204)
  async delete(@Req() request: Request, @Param('subscriptionId') subscriptionId: string): Promise<void> {
    const ref: LccnSubscriptionRef = { apiMajor: apiMajorOf(request), subscriptionId };
    await this.runtime.bus.request(LCCN_SUBSCRIPTIONS.delete, ref, { key: subscriptionId });
  }
}
