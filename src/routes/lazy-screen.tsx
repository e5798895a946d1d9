// Lazily loaded screens (docs/product.md): 'Loading Screen...' while a screen's code arrives.
import { lazy, Suspense, type ComponentType } from 'react';

export function LoadingScreen() {
  return (
    <p className="screen-loading" role="status">
      Loading Screen...
    </p>
  );
}

export type PreloadableScreen = ComponentType & { preload(): Promise<void> };

/**
 * A route element for a screen, split into its own chunk. Once its code is loaded (by a visit
 * or by preload()), it renders at once: React.lazy alone would still suspend and flash the
 * loading text on the first visit of every screen sharing an already loaded chunk.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): PreloadableScreen {
  let loaded: ComponentType | null = null;
  const loadOnce = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadOnce);
  function LazyScreen() {
    const Screen = loaded;
    if (Screen) return <Screen />;
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Lazy />
      </Suspense>
    );
  }
  LazyScreen.preload = () => loadOnce().then(() => undefined);
  return LazyScreen;
}
