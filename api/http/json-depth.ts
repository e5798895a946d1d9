// How deeply a JSON text nests, found by one pass over its characters (strings skipped), so a
// body can be refused before anything recursive (JSON.parse's result walked by zod, the request
// hash, JSON.stringify) ever sees it.

/** No payload of this API nests deeper than ~10 levels; a settings value may add a few. */
export const MAX_JSON_DEPTH = 32;

/** True when `text` opens more than `max` arrays/objects inside one another. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
