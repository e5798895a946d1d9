// Lazily loaded screens (docs/product.md): 'Loading Screen...' while a screen's code arrives,
// and a way out when it cannot.
import { lazy, Suspense, type ComponentType } from 'react';
import { ScreenErrorBoundary } from './screen-error-boundary';

export function LoadingScreen() {
  return (
    <p className="screen-loading" role="status">
      Loading Screen...
    </p>
  );
}

export type PreloadableScreen = ComponentType & { preload(): Promise<void> };

type ScreenModule = { default: ComponentType };

/** A thenable that answers at once: React.lazy reads it without suspending. */
const settled = (module: ScreenModule) =>
  ({ then: (fulfil: (value: ScreenModule) => void) => fulfil(module) }) as Promise<ScreenModule>;

/**
 * A route element for a screen, split into its own chunk. Once its code is loaded (by a visit
 * or by preload()), it renders at once: React.lazy alone would still suspend and flash the
 * loading text on the first visit of every screen sharing an already loaded chunk. The element
 * tree is the same before and after the code arrives, so the screen is never mounted twice
 * (which redrew it whole and lost what it held).
 */
export function lazyScreen(load: () => Promise<ScreenModule>): PreloadableScreen {
  let loaded: ScreenModule | null = null;
  let loading: Promise<ScreenModule> | null = null;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null; // a failed load (offline before the worker cached it) may be retried
        throw error;
      },
    ));
  const makeLazy = () => lazy(() => (loaded ? settled(loaded) : loadOnce()));
  // React.lazy keeps a failed load's error for good: a retry needs a new one.
  let Lazy = makeLazy();
  const retry = () => {
    if (!loaded) Lazy = makeLazy();
  };
  const attempt = () => {
    const Screen = Lazy;
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    );
  };
  function LazyScreen() {
    return <ScreenErrorBoundary onRetry={retry}>{attempt}</ScreenErrorBoundary>;
  }
  LazyScreen.preload = () => loadOnce().then(() => undefined);
  return LazyScreen;
}
