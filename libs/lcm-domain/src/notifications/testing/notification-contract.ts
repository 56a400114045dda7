import { responseSchema, schemaViolations } from '@vnfm/vnf-package-domain/testing';
import type { VnfLcmApiMajor } from '../../views/api-version';

type Json = Record<string, unknown>;

/**
 * The ETSI LCM bundles of the corpus define the notification endpoint's
 * operations but not the notification bodies (those live in the separate
 * VNFLifecycleManagementNotification API). So each body is held against a
 * schema assembled from the GS tables — SOL 003 v2.6.1 / v3.3.1 §5.5.2.17
 * VnfLcmOperationOccurrenceNotification, §5.5.2.18
 * VnfIdentifierCreationNotification, §5.5.2.19
 * VnfIdentifierDeletionNotification, §5.5.3.3 LccnLinks — whose attribute
 * types are the bundle's own (from VnfLcmOpOcc: operationState, operation,
 * ProblemDetails, AffectedVnfc, Link, …). No other attribute is allowed, so
 * an attribute of the wrong version fails.
 */
function notificationSchemas(major: VnfLcmApiMajor): Record<string, Json> {
  const opOcc = responseSchema(major === 1 ? 'lcm-v1' : 'lcm-v2', 'GET', '/vnf_lcm_op_occs/{vnfLcmOpOccId}', 200) as {
    properties: Record<string, Json>;
  };
  const props = opOcc.properties;
  const changes = (props.resourceChanges as { properties: Record<string, Json> }).properties;
  const link = (props._links as { properties: Record<string, Json> }).properties.vnfInstance;
  const string = { type: 'string' };
  const common = { id: string, subscriptionId: string, timeStamp: { type: 'string', format: 'date-time' }, vnfInstanceId: string };
  const links = (extra: Record<string, Json>) => ({
    type: 'object',
    required: ['vnfInstance', 'subscription'],
    additionalProperties: false,
    properties: { vnfInstance: link, subscription: link, ...extra },
  });
  const identifier = (type: string) => ({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'notificationType', 'subscriptionId', 'timeStamp', 'vnfInstanceId', '_links'],
    properties: { ...common, notificationType: { enum: [type] }, _links: links({}) },
  });
  const v3 =
    major === 2
      ? { verbosity: { enum: ['FULL', 'SHORT'] }, affectedExtLinkPorts: changes.affectedExtLinkPorts, vnfSnapshotInfoId: string }
      : {};
  return {
    VnfLcmOperationOccurrenceNotification: {
      type: 'object',
      additionalProperties: false,
      required: [
        'id',
        'notificationType',
        'subscriptionId',
        'timeStamp',
        'notificationStatus',
        'operationState',
        'vnfInstanceId',
        'operation',
        'isAutomaticInvocation',
        'vnfLcmOpOccId',
        '_links',
      ],
      properties: {
        ...common,
        notificationType: { enum: ['VnfLcmOperationOccurrenceNotification'] },
        notificationStatus: { enum: ['START', 'RESULT'] },
        operationState: props.operationState,
        operation: props.operation,
        isAutomaticInvocation: props.isAutomaticInvocation,
        vnfLcmOpOccId: string,
        affectedVnfcs: changes.affectedVnfcs,
        affectedVirtualLinks: changes.affectedVirtualLinks,
        affectedVirtualStorages: changes.affectedVirtualStorages,
        changedInfo: props.changedInfo,
        changedExtConnectivity: props.changedExtConnectivity,
        error: props.error,
        ...v3,
        _links: links({ vnfLcmOpOcc: link }),
      },
    },
    VnfIdentifierCreationNotification: identifier('VnfIdentifierCreationNotification'),
    VnfIdentifierDeletionNotification: identifier('VnfIdentifierDeletionNotification'),
  };
}

const schemas = new Map<VnfLcmApiMajor, Record<string, Json>>();

/** What is wrong with a notification body per its version's contract, one line per error; empty: it conforms. */
export function notificationViolations(major: VnfLcmApiMajor, body: unknown): string[] {
  let byType = schemas.get(major);
  if (!byType) schemas.set(major, (byType = notificationSchemas(major)));
  const type = (body as { notificationType?: unknown } | null)?.notificationType;
  const schema = typeof type === 'string' ? byType[type] : undefined;
  return schema ? schemaViolations(schema, body) : [`/notificationType ${JSON.stringify(type)} is no LCM notification type`];
}
