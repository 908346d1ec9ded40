import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label?: string;
  icon?: ReactNode;
  error?: string;
}

/** An input with an optional leading icon and its field error underneath. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, icon, error, id, className = '', ...props },
  ref,
) {
  const errorId = error && id ? `${id}-error` : undefined;
  return (
    <div className={className}>
      {label && (
        <label htmlFor={id} className="mb-1 block text-sm font-semibold">
          {label}
        </label>
      )}
      <div
        className={`flex items-center gap-2 rounded-xl border-2 bg-white px-3 ${error ? 'border-ruby' : 'border-ink/15 focus-within:border-royal'}`}
      >
        {icon && <span className="text-ink/70">{icon}</span>}
        <input
          ref={ref}
          id={id}
          aria-invalid={Boolean(error)}
          aria-describedby={errorId}
          className="min-w-0 flex-1 bg-transparent py-2.5 text-base outline-none placeholder:text-ink/40"
          {...props}
        />
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-ruby">
          {error}
        </p>
      )}
    </div>
  );
});
