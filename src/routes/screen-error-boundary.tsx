// A screen that cannot be drawn (its code did not arrive, or it threw) says what happened and
// offers a way out, instead of leaving a blank page under the bottom bar.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

/** What the collector is told, by what most likely went wrong. */
export function screenFailureText(error: unknown, online: boolean): string {
  if (!online) {
    return "You're offline, and this screen isn't on this device yet. It opens once you're back online.";
  }
  if (isCodeLoadFailure(error)) {
    return "This screen couldn't be loaded. Check your connection and try again.";
  }
  return 'Something went wrong on this screen.';
}

/**
 * A dynamic import that failed: each engine words it its own way (Chromium 'Failed to fetch
 * dynamically imported module', Firefox 'error loading dynamically imported module', Safari
 * 'Importing a module script failed'), and Vite's preload says 'Unable to preload CSS'.
 */
function isCodeLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|importing a module script|unable to preload/i.test(
    error.message,
  );
}

interface BoundaryProps {
  /** Drawn afresh on each attempt (a retry may hand over a new screen loader). */
  children: () => ReactNode;
  /** Changes when the collector navigates: a new address is a new attempt. */
  resetKey: string;
  /** Called before a retry, so the screen's loader can start afresh. */
  onRetry: () => void;
}

interface BoundaryState {
  failure: { error: unknown } | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failure: { error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to draw', error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failure && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = (): void => {
    this.props.onRetry();
    this.setState({ failure: null });
  };

  override render(): ReactNode {
    const { failure } = this.state;
    if (!failure) return this.props.children();
    return (
      <main className="screen screen-failed" role="alert">
        <h1>This screen didn't open</h1>
        <p>{screenFailureText(failure.error, navigator.onLine)}</p>
        <div className="screen-failed__actions">
          <button type="button" className="primary" onClick={this.retry}>
            Try again
          </button>
          <Link href="/" className="screen-failed__home">
            Go home
          </Link>
        </div>
      </main>
    );
  }
}

/** Wraps one screen; a failure stays on its own screen and clears when the address changes. */
export function ScreenErrorBoundary({
  children,
  onRetry,
}: {
  children: () => ReactNode;
  onRetry: () => void;
}) {
  const [location] = useLocation();
  return (
    <Boundary resetKey={location} onRetry={onRetry}>
      {children}
    </Boundary>
  );
}
