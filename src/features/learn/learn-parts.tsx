// What the learn screens share: reading time, the done mark, and a failed load with Try again.

export const minutesText = (minutes: number) => `${minutes} min read`;

export function CompletedMark() {
  return (
    <span className="learn-done">
      <svg viewBox="0 0 16 16" aria-hidden="true">
        <path d="M6.2 11.4 2.8 8l-1.1 1.1 4.5 4.5 8-8-1.1-1.1z" />
      </svg>
      Completed
    </span>
  );
}

export function LoadFailure({ error, onRetry }: { error: Error; onRetry(): void }) {
  return (
    <section className="card learn-message" role="alert">
      <p>{error.message}</p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
