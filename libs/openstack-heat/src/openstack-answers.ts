import { isRecord } from '@vnfm/util';

/**
 * The message of an OpenStack error document: Heat `{"error": {"message"}}`
 * (or `explanation`), Keystone `{"error": {"message"}}`, Nova
 * `{"itemNotFound": {"message"}}` and the like; else a short text.
 */
export function openStackErrorMessage(body: unknown, text: string): string {
  if (isRecord(body)) {
    const error = isRecord(body['error']) ? body['error'] : undefined;
    if (typeof error?.['message'] === 'string' && error['message'] !== '') return error['message'];
    const fault = Object.values(body).find((value) => isRecord(value) && typeof value['message'] === 'string');
    if (isRecord(fault)) return String(fault['message']);
    if (typeof body['explanation'] === 'string') return body['explanation'];
  }
  return text.slice(0, 200).trim();
}
