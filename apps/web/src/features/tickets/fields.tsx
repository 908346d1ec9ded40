import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const frame = (error?: string) =>
  `w-full rounded-xl border-2 bg-white px-3 py-2.5 text-base outline-none placeholder:text-ink/40 ${
    error ? 'border-ruby' : 'border-ink/15 focus:border-royal'
  }`;

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-ruby">
      {message}
    </p>
  );
}

function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-semibold">
      {children}
      <span className="text-ruby"> *</span>
    </label>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  error?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { id, label, error, children, ...props },
  ref,
) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select
        ref={ref}
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className={frame(error)}
        {...props}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  id: string;
  label: string;
  error?: string;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { id, label, error, ...props },
  ref,
) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        ref={ref}
        id={id}
        rows={5}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${frame(error)} resize-y`}
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});

interface InputFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
}

/** The labelled text input of the ticket form (required mark, error underneath). */
export const InputField = forwardRef<HTMLInputElement, InputFieldProps>(function InputField(
  { id, label, error, ...props },
  ref,
) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={ref}
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className={frame(error)}
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});
