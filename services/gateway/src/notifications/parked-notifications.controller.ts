import { Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { AppError } from '@vnfm/contracts';
import {
  PARKED_NOTIFICATIONS,
  type ListParkedNotificationsMessage,
  type ParkedNotificationView,
  type ReplayParkedNotificationMessage,
} from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { AuthGuard } from '../auth/auth.guard';

const badQuery = (detail: string) => new AppError('INVALID_QUERY', 400, 'Bad Request', detail);

/**
 * Parked notifications, an extension beside SOL 003 (docs/lcm.md,
 * "Notification delivery"): the LCCN notifications the VNFM gave up
 * sending after retrying them for the configured time.
 *
 * - `GET /admin/v1/notifications/parked[?subscriptionId=<id>]`: each with
 *   the subscription, instance, attempts, the last reason and the body as queued.
 * - `POST /admin/v1/notifications/parked/{notificationId}/replay`: queued
 *   again (same id and body) at the end of its outbox; 202, 404 when no
 *   parked notification has that id.
 */
@Controller('admin/v1/notifications/parked')
@UseGuards(AuthGuard)
export class ParkedNotificationsController {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  @Get()
  list(@Query() query: Record<string, unknown>): Promise<ParkedNotificationView[]> {
    const unknown = Object.keys(query).filter((name) => name !== 'subscriptionId');
    if (unknown.length > 0) throw badQuery(`Unknown query parameter(s): ${unknown.join(', ')}; only subscriptionId is taken.`);
    if (query.subscriptionId !== undefined && typeof query.subscriptionId !== 'string')
      throw badQuery('subscriptionId must be given once.');
    const message: ListParkedNotificationsMessage = query.subscriptionId ? { subscriptionId: query.subscriptionId } : {};
    return this.runtime.bus.request<ParkedNotificationView[]>(PARKED_NOTIFICATIONS.list, message);
  }

  @Post(':notificationId/replay')
  @HttpCode(202)
  replay(@Param('notificationId') notificationId: string): Promise<ParkedNotificationView> {
    const message: ReplayParkedNotificationMessage = { notificationId };
    return this.runtime.bus.request<ParkedNotificationView>(PARKED_NOTIFICATIONS.replay, message);
  }
}
