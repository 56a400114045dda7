import { isRecord } from '@vnfm/util';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sees } from '@vnfm/messaging';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import {
  checkCanStart,
  flavourOf,
  hookAdditionalParams,
  operationFlavourId,
  operationVnfdId,
  planOperation,
  refuseSealedMarkers,
  refuseUnbuiltKubernetesSteps,
  vnfInstanceNotFound,
  type LcmOperationRequest,
  type StartOperationMessage,
  type StartOperationReply,
  type PlannedStep,
  type VnfInstance,
} from '@vnfm/lcm-domain';
import { requestedUserData } from '@vnfm/openstack-heat';
import type { VnfdModel } from '@vnfm/vnfd';
import { VnfPackagesClient } from '../instances/vnf-packages.client';
import { RequestSecrets } from '../secrets/request-secrets.service';
import { VnfInstanceRepository } from '../instances/vnf-instance.repository';
import { LcmWorkflowRunner } from './lcm-workflow.runner';
import { MgmtDriversClient } from './mgmt-drivers.client';
import { movesToVnfdId } from './package-usage';
import { VimRefsClient } from './vim-refs.client';

/**
 * Starts one LCM operation (SOL 003 §5.4.4-5.4.9 task resources and §5.4.3.3.4 PATCH):
 * refuses client input holding sealed markers, checks the instance can take it,
 * seals the request's secrets under the instance's data key, plans the steps from the VNFD (refusing
 * hooks no MgmtDriver of the runner runs, and user-data scripts the openstack-driver does not know,
 * before anything starts), claims
 * the instance (its stream is the guard: a second operation loses with 409,
 * in any number of coordinator processes), then opens the occurrence in
 * STARTING and hands it to the workflow. An instance of another tenant than
 * the request is confined to is not found; the occurrence belongs to the
 * instance's tenant.
 */
@Injectable()
export class OperationStarter {
  /** VNFM_HELM_BINARY: without it, operations on Helm VIMs are refused (the kubernetes-driver has the same setting). */
  private readonly helmBinary: string | undefined;

  constructor(
    private readonly instances: VnfInstanceRepository,
    private readonly packages: VnfPackagesClient,
    private readonly vims: VimRefsClient,
    private readonly runner: LcmWorkflowRunner,
    private readonly secrets: RequestSecrets,
    private readonly hooks: MgmtDriversClient,
    @Inject(SERVICE_RUNTIME) runtime: ServiceRuntime,
  ) {
    this.helmBinary = runtime.config.helmBinary;
  }

  /** `confinement`: the tenant the request is confined to (confinedTo), undefined when it sees all. */
  async start(
    { vnfInstanceId, request, ifMatchRevisions }: StartOperationMessage,
    confinement: string | undefined,
  ): Promise<StartOperationReply> {
    refuseSealedMarkers(request);
    const instance = await this.instances.load(vnfInstanceId);
    if (!instance || instance.deleted || !sees(confinement, instance.tenant)) throw vnfInstanceNotFound(vnfInstanceId);
    // Refuse early what the claim would refuse, before asking other services anything.
    checkCanStart(instance, request.operation);
    // Sealed here, before the deciders, events, replies or logs see the request: only markers go further.
    const [vnfds, resolved] = await Promise.all([
      this.vnfdsOf(request, instance),
      this.withVimRefs(request, instance).then((r) => this.sealed(vnfInstanceId, r)),
    ]);
    const [vnfd, currentVnfd] = vnfds;
    const movesTo = movesToVnfdId(request.operation, request.params, instance);
    if (request.operation === 'MODIFY_INFO' && movesTo) await this.packages.usablePackage({ vnfdId: movesTo, tenant: instance.tenant });
    const plan = planOperation(resolved, vnfd, instance, currentVnfd);
    refuseUnbuiltKubernetesSteps(plan, { helm: this.helmBinary !== undefined });
    refuseUnknownUserData(plan, vnfd, resolved);
    await this.hooks.refuseUnrunnable(plan, vnfd, operationFlavourId(resolved, instance), this.hookParamsOf(resolved, instance));
    const vnfLcmOpOccId = randomUUID();
    const now = new Date().toISOString();
    // The claim is where an If-Match is decided: atomically with the append that starts the operation.
    await this.instances.execute(
      vnfInstanceId,
      { type: 'StartVnfLcmOperation', data: { vnfLcmOpOccId, operation: request.operation, operationParams: resolved.params, now } },
      { ifMatchRevisions },
    );
    // The package the instance moves to is in use from now: it cannot be deleted under the operation (settled when it ends, PackageUsage).
    if (movesTo) await this.packages.markUsage({ vnfdId: movesTo, tenant: instance.tenant }, vnfInstanceId, true);
    await this.runner.command(vnfLcmOpOccId, {
      type: 'StartLcmOpOcc',
      data: {
        vnfLcmOpOccId,
        vnfInstanceId,
        tenant: instance.tenant,
        operation: request.operation,
        operationParams: resolved.params,
        isAutomaticInvocation: false,
        plan,
        now,
      },
    });
    return { vnfLcmOpOccId };
  }

  /**
   * The VNFD the operation is planned with; a change of package also needs the one the instance runs, and the new one's package usable.
   * Packages of the instance's tenant only.
   */
  private async vnfdsOf(request: LcmOperationRequest, instance: VnfInstance): Promise<[VnfdModel, VnfdModel?]> {
    const target = { vnfdId: operationVnfdId(request, instance), tenant: instance.tenant };
    if (target.vnfdId === instance.vnfdId) return [await this.packages.vnfdModel(instance)];
    await this.packages.usablePackage(target);
    return Promise.all([this.packages.vnfdModel(target), this.packages.vnfdModel(instance)]);
  }

  /** The request body with each secret sealed under the instance's data key (paths relative to the body). */
  private async sealed(vnfInstanceId: string, request: LcmOperationRequest): Promise<LcmOperationRequest> {
    return { ...request, params: await this.secrets.seal(vnfInstanceId, request.params) } as LcmOperationRequest;
  }

  /** What the operation's hooks will read as additionalParams (sealed): an instantiation's own, else the instantiation's with the request's keys winning. */
  private hookParamsOf(request: LcmOperationRequest, instance: VnfInstance): Record<string, unknown> {
    const own = (request.params as { additionalParams?: unknown }).additionalParams;
    const later = isRecord(own) ? own : undefined;
    return request.operation === 'INSTANTIATE' ? (later ?? {}) : hookAdditionalParams(instance, later);
  }

  /** An instantiation names its VIMs (or gets its tenant's default one) by registry reference. */
  private async withVimRefs(request: LcmOperationRequest, instance: VnfInstance): Promise<LcmOperationRequest> {
    if (request.operation !== 'INSTANTIATE') return request;
    const vimConnectionInfo = await this.vims.resolve(request.params.vimConnectionInfo, instance.tenant);
    return { ...request, params: { ...request.params, vimConnectionInfo } };
  }
}

/**
 * A Heat stack built from a request naming a user-data script
 * (`lcm-operation-user-data`): refused with 422 before the operation starts
 * unless the openstack-driver knows that script (requestedUserData).
 */
function refuseUnknownUserData(plan: readonly PlannedStep[], vnfd: VnfdModel, request: LcmOperationRequest): void {
  for (const { target, request: action } of plan) {
    if (target !== 'openstack-driver') continue;
    if (action.action === 'instantiate')
      requestedUserData((request.params as { additionalParams?: unknown }).additionalParams, flavourOf(vnfd, action.flavourId));
    if (action.action === 'change_vnfpkg') requestedUserData(action.target.additionalParams);
  }
}
