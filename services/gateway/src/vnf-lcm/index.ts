import { VnfLcmApiVersionsController } from './api-versions.controller';
import { LcmTasksController } from './lcm-tasks.controller';
import { VnfLcmOpOccsController } from './op-occs.controller';
import { LccnSubscriptionsController } from './subscriptions.controller';
import { VnfInstancesController } from './vnf-instances.controller';

/** The /vnflcm/v1 and /vnflcm/v2 API families (SOL 003 VNF lifecycle management, as Tacker serves them). */
export const VNF_LCM_CONTROLLERS = [
  VnfLcmApiVersionsController,
  VnfInstancesController,
  LcmTasksController,
  VnfLcmOpOccsController,
  LccnSubscriptionsController,
];
