// Building blocks of the sign-in cards: the page frame, a labelled field with its error under it,
// notices, and the Google button.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { BrandMark } from './brand-mark';

export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <main className="auth-screen">
      <div className="auth-panel">
        <BrandMark />
        {children}
      </div>
    </main>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A visible label, the input, an optional hint and the error right under the field */
export function AuthField({ label, error, hint, ref, ...input }: FieldProps) {
  const id = useId();
  // The error says what to fix; the hint steps aside meanwhile.
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hintId && (
        <p id={hintId} className="auth-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function Notice({
  tone,
  children,
}: {
  tone: 'success' | 'warning' | 'error';
  children: ReactNode;
}) {
  return (
    <div
      className={`auth-notice auth-notice--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}

export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="field-error auth-form-error" role="alert">
      {message}
    </p>
  );
}

export function GoogleButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      className="auth-google"
      onClick={onClick}
      disabled={disabled}
      aria-busy={disabled || undefined}
    >
      <svg viewBox="0 0 48 48" aria-hidden="true" className="auth-google__mark">
        <path
          fill="#EA4335"
          d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
        />
        <path
          fill="#4285F4"
          d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z"
        />
        <path
          fill="#FBBC05"
          d="M10.5 28.6A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.6l-7.9-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.7z"
        />
        <path
          fill="#34A853"
          d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.2-13.4-9.9l-8 6.2C6.6 42.6 14.6 48 24 48z"
        />
      </svg>
      Continue with Google
    </button>
  );
}

export function OrDivider() {
  return (
    <p className="auth-divider" aria-hidden="true">
      <span>or</span>
    </p>
  );
}
