import { ApiVersionsController } from './api-versions/api-versions.controller';
import { AuditController } from './audit/audit.controller';
import { ProbesController } from './diagnostics/probes.controller';
import { HealthController } from './health/health.controller';
import { ParkedNotificationsController } from './notifications/parked-notifications.controller';
import { VimsController } from './vims/vims.controller';
import { VNF_LCM_CONTROLLERS } from './vnf-lcm';
import { VNF_PACKAGE_CONTROLLERS } from './vnf-packages';

/**
 * Every HTTP controller of the gateway. Each API family (SOL003 LCM, SOL005
 * package management, Tacker VIMs, ...) lives in its own folder and adds its
 * controllers here.
 */
export const CONTROLLERS = [
  HealthController,
  ApiVersionsController,
  ProbesController,
  VimsController,
  ...VNF_PACKAGE_CONTROLLERS,
  ...VNF_LCM_CONTROLLERS,
  AuditController,
  ParkedNotificationsController,
];
