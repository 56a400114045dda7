import { ADDITIONAL_PARAMS_ROOT, type HookContext } from '@vnfm/contracts';
import { isSealedMarker } from '@vnfm/util';
import type { HookSecrets } from '../hook-driver';

/** The hook's request values with their sealed secrets opened for this run, and the opened secret values (to mask). */
export interface OpenedInputs {
  operationParams: Record<string, unknown>;
  instantiationParams: Record<string, unknown>;
  earlierOutputs: Record<string, unknown>;
  secrets: string[];
}

/**
 * Opens what the hook's context holds sealed (the operation's request, the
 * instantiation's additionalParams, earlier hooks' outputs) through the
 * coordinator, in memory, while this hook is the running step.
 */
export async function openInputs(context: HookContext, secrets: HookSecrets): Promise<OpenedInputs> {
  const instantiationSealed = context.instantiation?.additionalParams ?? {};
  const [operationParams, instantiationParams, earlierOutputs] = await Promise.all([
    secrets.open(context.operationParams, ''),
    secrets.open(instantiationSealed, ADDITIONAL_PARAMS_ROOT),
    secrets.open(context.earlierOutputs, '/metadata/mgmtDriverOutputs'),
  ]);
  const opened = [
    ...openedSecrets(context.operationParams, operationParams),
    ...openedSecrets(instantiationSealed, instantiationParams),
    ...openedSecrets(context.earlierOutputs, earlierOutputs),
  ];
  return { operationParams, instantiationParams, earlierOutputs, secrets: opened };
}

/** Every value that sat sealed in `sealed` as `opened` holds it: each string in it, and its JSON text when not a string. */
export function openedSecrets(sealed: unknown, opened: unknown): string[] {
  if (isSealedMarker(sealed)) return leavesOf(opened);
  if (Array.isArray(sealed) && Array.isArray(opened)) return sealed.flatMap((item, index) => openedSecrets(item, opened[index]));
  if (sealed && opened && typeof sealed === 'object' && typeof opened === 'object') {
    return Object.entries(sealed as Record<string, unknown>).flatMap(([key, item]) =>
      openedSecrets(item, (opened as Record<string, unknown>)[key]),
    );
  }
  return [];
}

function leavesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || value === undefined) return [];
  const nested = typeof value === 'object' ? Object.values(value as Record<string, unknown>).flatMap(leavesOf) : [];
  return [JSON.stringify(value), ...nested];
}
