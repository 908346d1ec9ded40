'use client';

/** A row of toggle buttons choosing one filter of a list; `all` first names "no filter" (the empty value). */
export function FilterTabs<V extends string>({
  value,
  options: given,
  onChange,
  label,
  all,
}: {
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  label?: string;
  all?: string;
}) {
  const options = all === undefined ? given : [{ value: '' as V, label: all }, ...given];
  return (
    <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`rounded-full px-4 py-1.5 text-sm font-semibold ${
            value === option.value ? 'bg-royal text-white' : 'bg-white ring-1 ring-ink/15'
          }`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
