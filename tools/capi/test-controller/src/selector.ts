/** A label selector (`matchLabels`, `matchExpressions`) as the string form a /scale subresource reports (`status.selector`). */
export function selectorString(selector: unknown): string {
  const record = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const labels = Object.entries(record(record(selector)['matchLabels'])).map(([key, value]) => `${key}=${String(value)}`);
  const expressions = (Array.isArray(record(selector)['matchExpressions']) ? (record(selector)['matchExpressions'] as unknown[]) : [])
    .map(record)
    .map((e) => {
      const values = Array.isArray(e['values']) ? e['values'].map(String).join(',') : '';
      if (e['operator'] === 'Exists') return String(e['key']);
      if (e['operator'] === 'DoesNotExist') return `!${String(e['key'])}`;
      return `${String(e['key'])} ${e['operator'] === 'NotIn' ? 'notin' : 'in'} (${values})`;
    });
  return [...labels, ...expressions].join(',');
}
