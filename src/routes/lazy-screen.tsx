// Lazily loaded screens (SPEC §2): 'Loading Screen...' while a screen's code arrives.
import { lazy, Suspense, type ComponentType } from 'react';

export function LoadingScreen() {
  return (
    <p className="screen-loading" role="status">
      Loading Screen...
    </p>
  );
}

/** A route element for a screen module's named export, split into its own chunk. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Screen = lazy(load);
  return function LazyScreen() {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    );
  };
}
