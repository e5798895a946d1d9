// docs/product.md: a signed-out collector who tries a change raises this flag; the guard sends them
// to '/signup'.
let raised = false;
const listeners = new Set<() => void>();

export const loginRedirect = {
  raise() {
    raised = true;
    for (const listener of listeners) listener();
  },
  clear() {
    raised = false;
    for (const listener of listeners) listener();
  },
  isRaised: () => raised,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
