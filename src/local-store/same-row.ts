// Whether two stored rows hold the same data: as JSON.stringify would compare them (a property
// set to undefined is no property), but in any key order and without writing either out. The
// rebase compares every row of a collection with the snapshot's; for 10,000 cars, writing both
// out as JSON was tens of milliseconds and 20,000 strings for the collector to sweep up.

type Json = unknown;

export function sameRow(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const isArray = Array.isArray(a);
  if (isArray !== Array.isArray(b)) return false;
  if (isArray) {
    const left = a as Json[];
    const right = b as Json[];
    if (left.length !== right.length) return false;
    for (let i = 0; i < left.length; i++) if (!sameRow(left[i], right[i])) return false;
    return true;
  }
  const left = a as Record<string, Json>;
  const right = b as Record<string, Json>;
  let defined = 0;
  for (const key of Object.keys(left)) {
    const value = left[key];
    if (value === undefined) continue;
    defined += 1;
    if (!sameRow(value, right[key])) return false;
  }
  for (const key of Object.keys(right)) if (right[key] !== undefined) defined -= 1;
  return defined === 0;
}
