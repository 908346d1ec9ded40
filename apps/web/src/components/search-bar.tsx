'use client';

import { useTranslations } from 'next-intl';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { fromDayInput, toDayInput } from '@/lib/format';

/**
 * A console list's search: the text field, any other filters beside it, and the "Tìm" button. The
 * search is sent (trimmed) on submit; `children` are filters that apply at once.
 */
export function SearchBar({
  value,
  placeholder,
  onSearch,
  second,
  children,
}: {
  value: string;
  placeholder: string;
  /** Both boxes' words, trimmed, when the search is sent. */
  onSearch: (value: string, secondValue: string) => void;
  /** A second, narrower box sent with the first (the support inbox's User ID). */
  second?: { value: string; placeholder: string; maxLength: number };
  children?: ReactNode;
}) {
  const t = useTranslations('admin');
  const [draft, setDraft] = useState(value);
  const [secondDraft, setSecondDraft] = useState(second?.value ?? '');
  return (
    <form
      className="mt-4 flex flex-wrap gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim(), secondDraft.trim());
      }}
    >
      <input
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        className="min-w-0 flex-1 basis-48 rounded-xl bg-white px-3 py-2 ring-1 ring-ink/15"
      />
      {second && (
        <input
          value={secondDraft}
          onChange={(event) => setSecondDraft(event.target.value)}
          placeholder={second.placeholder}
          aria-label={second.placeholder}
          maxLength={second.maxLength}
          className="w-32 min-w-0 flex-[1_1_7rem] rounded-xl bg-white px-3 py-2 font-mono ring-1 ring-ink/15"
        />
      )}
      {children}
      <button type="submit" className="rounded-xl bg-royal px-4 py-2 font-semibold text-white">
        {t('search')}
      </button>
    </form>
  );
}

/** A filter beside the search: "all" (the empty value) or one of `options`, applied at once. */
export function SelectFilter<V extends string>({
  label,
  value,
  all,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  value: string;
  all: string;
  options: readonly V[];
  optionLabel: (value: V) => string;
  onChange: (value: string) => void;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="rounded-xl bg-white px-3 py-2 ring-1 ring-ink/15"
    >
      <option value="">{all}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </select>
  );
}

const labelledField =
  'mt-0.5 w-full min-w-0 rounded-xl bg-white px-3 py-2 text-sm font-normal text-ink ring-1 ring-ink/15';

/** A filter with its label above it: "any" (the empty value, when given) or one of the options given as children. */
export function LabelledSelect({
  label,
  value,
  any,
  onChange,
  className = '',
  children,
}: {
  label: string;
  value: string;
  any?: string;
  onChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={`flex min-w-0 flex-col text-xs font-semibold text-ink/70 ${className}`}>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)} className={labelledField}>
        {any !== undefined && <option value="">{any}</option>}
        {children}
      </select>
    </label>
  );
}

/** The first and last day a list covers (Vietnam days, `yyyy-mm-dd`; empty is open), applied at once. */
export function DayRange({
  from,
  to,
  labels,
  onChange,
}: {
  from: string;
  to: string;
  labels: { from: string; to: string };
  onChange: (change: { from: string } | { to: string }) => void;
}) {
  const days = { from, to };
  return (['from', 'to'] as const).map((key) => (
    <label key={key} className="flex min-w-0 flex-col text-xs font-semibold text-ink/70">
      {labels[key]}
      <DayInput
        value={days[key]}
        onChange={(day) => onChange(key === 'from' ? { from: day } : { to: day })}
        className={labelledField}
      />
    </label>
  ));
}

/**
 * A day typed as dd/mm/yyyy, whatever the browser's locale (`type="date"` shows the locale's order).
 * `onChange` gets the day (2026-11-23) once the text is a whole date, or '' when it is cleared.
 */
export function DayInput({
  value,
  onChange,
  ...rest
}: { value: string; onChange: (day: string) => void } & Omit<ComponentProps<'input'>, 'value' | 'onChange'>) {
  const [text, setText] = useState(() => toDayInput(value));
  const [shown, setShown] = useState(value);
  // A day set from outside (a preset, "clear"): show it.
  if (value !== shown) {
    setShown(value);
    setText(toDayInput(value));
  }
  return (
    <input
      {...rest}
      type="text"
      placeholder="dd/mm/yyyy"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const day = event.target.value.trim() ? fromDayInput(event.target.value) : '';
        if (day === null) return;
        setShown(day);
        onChange(day);
      }}
    />
  );
}
