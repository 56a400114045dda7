import type { Request } from 'express';
import { AppError, notImplemented } from '@vnfm/contracts';
import type { LcmOperationRequest, VnfLcmApiMajor } from '@vnfm/lcm-domain';
import { jsonBody } from '../http/request-body';
import { ChangeExtVnfConnectivityRequestV1Dto, ChangeExtVnfConnectivityRequestV2Dto, toChangeExtConnRequest } from './change-ext-conn.dto';
import { ChangeCurrentVnfPkgRequestDto, toChangeVnfPkgRequest } from './change-vnfpkg.dto';
import { HealVnfRequestDto, TerminateVnfRequestDto, toHealRequest, toTerminateRequest } from './heal-terminate.dto';
import { InstantiateVnfRequestV1Dto, InstantiateVnfRequestV2Dto, toInstantiateRequest } from './instantiate.dto';
import { toModifyInfoRequest, VnfInfoModificationRequestV1Dto, VnfInfoModificationRequestV2Dto } from './modify.dto';
import { ScaleVnfRequestDto, ScaleVnfToLevelRequestDto, toScaleRequest, toScaleToLevelRequest } from './scale.dto';

/** An operation's request as the edge read it, with what is still to be looked up before it can start. */
export interface TaskRequest {
  request: LcmOperationRequest;
  /** v1 PATCH: the package whose VNFD the instance moves to. */
  vnfPkgId?: string;
}

type TaskReader = (major: VnfLcmApiMajor, request: Request) => TaskRequest;

/** The body read with the DTO of the request's API version. */
const bodyOf = <V1 extends object, V2 extends object>(
  major: VnfLcmApiMajor,
  request: Request,
  v1: new () => V1,
  v2: new () => V2,
): V1 | V2 => (major === 1 ? jsonBody(request, v1) : jsonBody(request, v2));

/** ETSI GS NFV-SOL 003 §5.4.4-§5.4.11: each task resource's body, per API version, and the operation it starts. */
const TASKS = new Map<string, TaskReader>([
  [
    'instantiate',
    (major, request) => ({
      request: {
        operation: 'INSTANTIATE',
        params: toInstantiateRequest(bodyOf(major, request, InstantiateVnfRequestV1Dto, InstantiateVnfRequestV2Dto)),
      },
    }),
  ],
  ['scale', (_major, request) => ({ request: { operation: 'SCALE', params: toScaleRequest(jsonBody(request, ScaleVnfRequestDto)) } })],
  [
    'scale_to_level',
    (_major, request) => ({
      request: { operation: 'SCALE_TO_LEVEL', params: toScaleToLevelRequest(jsonBody(request, ScaleVnfToLevelRequestDto)) },
    }),
  ],
  ['heal', (_major, request) => ({ request: { operation: 'HEAL', params: toHealRequest(jsonBody(request, HealVnfRequestDto)) } })],
  [
    'terminate',
    (_major, request) => ({ request: { operation: 'TERMINATE', params: toTerminateRequest(jsonBody(request, TerminateVnfRequestDto)) } }),
  ],
  [
    'change_ext_conn',
    (major, request) => ({
      request: {
        operation: 'CHANGE_EXT_CONN',
        params: toChangeExtConnRequest(bodyOf(major, request, ChangeExtVnfConnectivityRequestV1Dto, ChangeExtVnfConnectivityRequestV2Dto)),
      },
    }),
  ],
  [
    'change_vnfpkg',
    (major, request) => {
      if (major === 1)
        throw new AppError(
          'NOT_FOUND',
          404,
          'Not Found',
          'VNF instances have no change_vnfpkg task resource in API v1 (ETSI GS NFV-SOL 003 v2.6.1); it is /vnflcm/v2 (v3.3.1 §5.4.11a).',
        );
      return { request: { operation: 'CHANGE_VNFPKG', params: toChangeVnfPkgRequest(jsonBody(request, ChangeCurrentVnfPkgRequestDto)) } };
    },
  ],
]);

/** SOL 003 task resources this VNF Manager does not run: they exist in the API, so they answer 501, not 404. */
const NOT_BUILT = new Map([
  ['change_flavour', 'Changing the deployment flavour of a VNF instance'],
  ['operate', 'Operating (starting or stopping) a VNF instance'],
  ['create_snapshot', 'Creating a VNF snapshot'],
  ['revert_to_snapshot', 'Reverting a VNF instance to a snapshot'],
]);

/** The request a POST to a task resource starts: 404 for a task SOL 003 does not define, 501 for one not built, 400 for a bad body. */
export function readTaskRequest(task: string, major: VnfLcmApiMajor, request: Request): TaskRequest {
  const read = TASKS.get(task);
  if (read) return read(major, request);
  const notBuilt = NOT_BUILT.get(task);
  if (notBuilt) throw notImplemented(notBuilt);
  throw new AppError('NOT_FOUND', 404, 'Not Found', `VNF instances have no ${task} task resource.`);
}

/** ETSI GS NFV-SOL 003 §5.4.3.3.4: PATCH of an instance starts MODIFY_INFO. */
export function readModification(major: VnfLcmApiMajor, request: Request): TaskRequest {
  const { params, vnfPkgId } = toModifyInfoRequest(
    bodyOf(major, request, VnfInfoModificationRequestV1Dto, VnfInfoModificationRequestV2Dto),
  );
  return { request: { operation: 'MODIFY_INFO', params }, vnfPkgId };
}
