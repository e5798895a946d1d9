// The app's own word mark above the sign-in cards (our identity, no brand logos).
export function BrandMark() {
  return (
    <p className="auth-brand">
      <svg viewBox="0 0 32 20" aria-hidden="true" className="auth-brand__car">
        <path d="M3 13.5c0-2 1.2-3.3 3.4-3.8l4.3-1c1.6-2.2 3.9-3.7 7-3.7 3.3 0 5.6 1.5 7.3 4.1l2.4.6c1.4.4 2.6 1.6 2.6 3.2v1.6c0 .8-.6 1.5-1.4 1.5h-1.4a3.3 3.3 0 0 0-6.4 0H12a3.3 3.3 0 0 0-6.4 0H4.4c-.8 0-1.4-.7-1.4-1.5z" />
        <circle cx="8.8" cy="15.2" r="2.3" />
        <circle cx="23.4" cy="15.2" r="2.3" />
      </svg>
      Diecast Garage
    </p>
  );
}
