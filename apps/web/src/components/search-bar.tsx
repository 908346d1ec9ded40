'use client';

import { useState, type ReactNode } from 'react';

/**
 * A list's search: the text field, any other filters beside it, and the button. The search is sent
 * (trimmed) on submit; `children` are filters that apply at once.
 */
export function SearchBar({
  value,
  placeholder,
  submit,
  onSearch,
  children,
}: {
  value: string;
  placeholder: string;
  submit: string;
  onSearch: (value: string) => void;
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState(value);
  return (
    <form
      className="mt-4 flex flex-wrap gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <input
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        className="min-w-0 flex-1 basis-48 rounded-xl bg-white px-3 py-2 ring-1 ring-ink/15"
      />
      {children}
      <button type="submit" className="rounded-xl bg-royal px-4 py-2 font-semibold text-white">
        {submit}
      </button>
    </form>
  );
}
