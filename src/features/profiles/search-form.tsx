// The search box of the search screens: typing updates the URL's ?q= (so Back keeps the search),
// and submitting only closes the keyboard, since results follow the typing.
import type { RefObject } from 'react';

export function SearchForm({
  id,
  label,
  placeholder,
  value,
  onQuery,
  inputRef,
  username = false,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onQuery: (query: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** A username: no capital letters or spelling fixes forced on it. */
  username?: boolean;
}) {
  return (
    <form
      className="pf-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        inputRef.current?.blur();
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        {...(username ? { autoCapitalize: 'none', spellCheck: false } : {})}
        enterKeyHint="search"
        onChange={(event) => onQuery(event.target.value)}
      />
    </form>
  );
}
