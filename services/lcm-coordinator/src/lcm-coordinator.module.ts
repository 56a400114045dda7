import { Module } from '@nestjs/common';
import { AuditController } from './audit/audit.controller';
import { VnfInstancesController } from './instances/vnf-instances.controller';
import { VnfPackagesClient } from './instances/vnf-packages.client';
import { LcmOperationsController } from './operations/lcm-operations.controller';
import { LcmWorkflowRunner } from './operations/lcm-workflow.runner';
import { PackageUsage } from './operations/package-usage';
import { OperationStarter } from './operations/operation-starter';
import { HookContexts } from './operations/hook-contexts';
import { MgmtDriversClient } from './operations/mgmt-drivers.client';
import { StepDispatcher } from './operations/step-dispatcher';
import { VimRefsClient } from './operations/vim-refs.client';
import { VnfLcmOpOccProjection } from './operations/vnf-lcm-op-occ.projection';
import { VnfLcmOpOccReadModel } from './operations/vnf-lcm-op-occ.read-model';
import { VnfLcmOpOccRepository } from './operations/vnf-lcm-op-occ.repository';
import { WorkflowRecovery } from './operations/workflow-recovery';
import { VnfInstanceProjection } from './instances/vnf-instance.projection';
import { VnfInstanceReadModel } from './instances/vnf-instance.read-model';
import { HookOutputsController } from './secrets/hook-outputs.controller';
import { HookOutputsSealer } from './secrets/hook-outputs.sealer';
import { RunningSteps } from './secrets/running-step';
import { RequestSecrets } from './secrets/request-secrets.service';
import { StepSecretsController } from './secrets/step-secrets.controller';
import { LccnSubscriptionProjection } from './subscriptions/lccn-subscription.projection';
import { LccnSubscriptionReadModel } from './subscriptions/lccn-subscription.read-model';
import { LccnSubscriptionRepository } from './subscriptions/lccn-subscription.repository';
import { LccnSubscriptionsController } from './subscriptions/lccn-subscriptions.controller';
import { SubscriptionSecrets } from './subscriptions/subscription-secrets';
import { VnfInstanceRepository } from './instances/vnf-instance.repository';
import { NOTIFICATION_PROVIDERS, ParkedNotificationsController } from './notifications';
import { LcmEventStream } from './event-stream/lcm-event-stream';

/**
 * Composition root of the lcm-coordinator service: the VNF instance and
 * operation occurrence aggregates of @vnfm/lcm-domain (`vnfInstance-*`,
 * `vnfLcmOpOcc-*` streams) with their in-memory read models, the workflow
 * runner that drives each occurrence through its steps, recovery at start,
 * the audit queries, LCCN subscriptions (`lccnSubscription-*` streams, callback tested at creation) and the delivery of their notifications, the public Kafka event stream, request secrets sealed per instance (opened only for
 * the running step that asks), and the clients of the package catalog and VIM registry.
 */
@Module({
  controllers: [
    VnfInstancesController,
    LcmOperationsController,
    AuditController,
    StepSecretsController,
    HookOutputsController,
    LccnSubscriptionsController,
    ParkedNotificationsController,
  ],
  providers: [
    VnfInstanceReadModel,
    VnfInstanceProjection,
    VnfInstanceRepository,
    VnfPackagesClient,
    VnfLcmOpOccReadModel,
    VnfLcmOpOccProjection,
    VnfLcmOpOccRepository,
    VimRefsClient,
    StepDispatcher,
    HookContexts,
    MgmtDriversClient,
    RunningSteps,
    HookOutputsSealer,
    LcmWorkflowRunner,
    PackageUsage,
    OperationStarter,
    WorkflowRecovery,
    RequestSecrets,
    LccnSubscriptionReadModel,
    LccnSubscriptionProjection,
    LccnSubscriptionRepository,
    SubscriptionSecrets,
    ...NOTIFICATION_PROVIDERS,
    LcmEventStream,
  ],
})
export class LcmCoordinatorModule {}
