// A module-level value that costs to build, made the first time it is asked for rather than when
// its module is imported. Intl formatters are the case: the first one of a kind loads locale
// data, a cost a phone-class CPU feels, inside the task that evaluates the module, before the
// screen can answer a tap (docs/decisions/0012-intl-objects-on-first-use.md).
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
