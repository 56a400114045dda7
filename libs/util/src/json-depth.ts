/**
 * Whether a parsed JSON value nests objects/arrays more than `max` levels
 * (the outermost container is level 1). Walks with an explicit stack, so a
 * value of any depth is measured without recursion: a body nested thousands
 * of levels deep would overflow every recursive walk after it (validation,
 * redaction, JSON.stringify on the bus).
 */
export function exceedsJsonDepth(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, level] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (level > max) return true;
    for (const child of Object.values(current)) if (child !== null && typeof child === 'object') stack.push([child, level + 1]);
  }
  return false;
}
