// A module-level value that costs to build, made the first time it is asked for rather than when
// its module is imported. Intl formatters are the case: the first one of a kind loads locale
// data, ~15 ms on a fast machine and ~60 ms on a phone-class CPU (Lighthouse's 4× profile of
// /home), inside the task that evaluates the module, before the screen can answer a tap.
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
