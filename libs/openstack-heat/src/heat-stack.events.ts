import type { HeatStackDefinition } from './stack-definition';

const HEAT_STACK_STREAM_PREFIX = 'heatStack-';

/** One stream per VNF instance: the stack the driver last asked Heat for. */
export const heatStackStream = (vnfInstanceId: string) => `${HEAT_STACK_STREAM_PREFIX}${vnfInstanceId}`;

/**
 * `HeatStackDefined` is appended before each create or update is sent, so a
 * step that must re-create the stack (heal of the whole VNF) has the template
 * and parameters even after the stack is gone.
 */
export type HeatStackEvent =
  | { type: 'HeatStackDefined'; data: { stackName: string; definition: HeatStackDefinition; at: string } }
  | { type: 'HeatStackDeleted'; data: { stackName: string; at: string } };

export type HeatStackCommand =
  | { type: 'DefineHeatStack'; data: { stackName: string; definition: HeatStackDefinition; now: string } }
  | { type: 'DeleteHeatStack'; data: { now: string } };

export type HeatStackState =
  { status: 'none' } | { status: 'defined'; stackName: string; definition: HeatStackDefinition } | { status: 'deleted'; stackName: string };

const TYPES: readonly string[] = ['HeatStackDefined', 'HeatStackDeleted'];

export const isHeatStackEvent = (event: { type: string; data: unknown }): event is HeatStackEvent => TYPES.includes(event.type);
