import { invalidVnfd } from './vnfd.error';

// TOSCA Simple Profile in YAML v1.2 §3.3.6.4 scalar-unit.size: units are case-insensitive.
const SIZE_UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  kib: 1024,
  mb: 1e6,
  mib: 1024 ** 2,
  gb: 1e9,
  gib: 1024 ** 3,
  tb: 1e12,
  tib: 1024 ** 4,
};

/** `1.75 GiB` -> 1879048192 bytes; a bare number is bytes. `where` names the property for the error. */
export function sizeInBytes(value: unknown, where: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  const match = /^(\d+(?:\.\d+)?)\s*([a-zA-Z]*)$/.exec(text);
  const factor = match ? SIZE_UNITS[(match[2] || 'b').toLowerCase()] : undefined;
  if (!match || factor === undefined) throw invalidVnfd(`${where}: "${text}" is not a TOSCA scalar-unit.size`);
  return Math.round(Number(match[1]) * factor);
}
