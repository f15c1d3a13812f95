/**
 * How deep a JSON value may nest. No record of the contract comes near it, yet records keep
 * unknown fields, so without a limit a small body could nest thousands of levels and overflow
 * the stack of whatever walks it next (JSON.stringify, a schema). Checked before anything else.
 */

/** Deeper than any record of the contract. */
export const MAX_JSON_DEPTH = 64;

/** True when arrays and objects nest deeper than `max` (checked without recursion). */
export function nestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
