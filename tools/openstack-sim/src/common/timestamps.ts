/** `2014-06-03T20:59:46Z`: the second-precision form Heat and Nova use in bodies. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `2015-11-07T02:58:43.578000Z`: the microsecond form of Keystone token bodies. */
export function isoMicros(date: Date): string {
  return date.toISOString().replace(/Z$/, '000Z');
}
