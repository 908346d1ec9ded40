import type { ComponentProps, ElementType, ReactNode } from 'react';

/** The frame of every text input, select and text area; red when the field has an error. */
export const controlClass = (error?: string, extra = '') =>
  `w-full rounded-xl border-2 bg-white px-3 py-2.5 text-base outline-none placeholder:text-ink/40 disabled:bg-ink/5 ${
    error ? 'border-ruby' : 'border-ink/15 focus:border-royal'
  } ${extra}`;

/** The same frame around a leading icon and its control (the frame, not the control, shows focus). */
const iconFrameClass = (error?: string) =>
  `flex items-center gap-2 rounded-xl border-2 bg-white px-3 ${
    error ? 'border-ruby' : 'border-ink/15 focus-within:border-royal'
  }`;
const iconControlClass = 'min-w-0 flex-1 bg-transparent py-2.5 text-base outline-none placeholder:text-ink/40';

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-ruby-ink">
      {message}
    </p>
  );
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  /** A line under the field, replaced by the error when there is one. */
  hint?: string;
  /** Marks the label with a red asterisk. */
  required?: boolean;
  /** Keeps the label for screen readers only, where the placeholder and the dialog's title say it. */
  hideLabel?: boolean;
  className?: string;
  /** Extra classes of the control itself (a monospaced code, say). */
  controlClassName?: string;
  /** An icon at the start of the control, inside its frame. */
  icon?: ReactNode;
}

/** A label, its control, then the hint or the error (in Vietnamese, from the contracts schema). */
export function Field({
  id,
  label,
  error,
  hint,
  required,
  hideLabel,
  className,
  children,
}: Omit<FieldProps, 'controlClassName' | 'icon'> & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-semibold'}>
        {label}
        {required && <span className="text-ruby"> *</span>}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink/70">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** What ties a control to its label, hint and error. */
const described = ({ id, error, hint }: Pick<FieldProps, 'id' | 'error' | 'hint'>) => ({
  id,
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

type Own = keyof FieldProps;

/** A field of one control (`input`, `select`, `textarea`): its label, hint and error around it. */
function fieldOf<Tag extends 'input' | 'select' | 'textarea'>(
  Tag: Tag,
  { extraClass = '', ...defaults }: Partial<ComponentProps<Tag>> & { extraClass?: string } = {},
) {
  const Control = Tag as ElementType;
  // The frame's props are taken out; the rest (the id, the registration…) go to the control.
  return function FieldControl({
    label,
    hint,
    required,
    hideLabel,
    className,
    controlClassName,
    error,
    icon,
    ...control
  }: FieldProps & Omit<ComponentProps<Tag>, Own>) {
    const field = { id: control.id, label, error, hint, required, hideLabel, className };
    const extra = `${extraClass}${controlClassName ?? ''}`;
    const input = (
      <Control
        {...defaults}
        {...described(field)}
        {...control}
        className={icon ? `${iconControlClass} ${extra}` : controlClass(error, extra)}
      />
    );
    return (
      <Field {...field}>
        {icon ? (
          <div className={iconFrameClass(error)}>
            <span className="text-ink/70">{icon}</span>
            {input}
          </div>
        ) : (
          input
        )}
      </Field>
    );
  };
}

export const InputField = fieldOf('input');
export const SelectField = fieldOf('select');
export const TextAreaField = fieldOf('textarea', { rows: 5, extraClass: 'resize-y ' });

/** A labelled checkbox. */
export function CheckboxField({
  id,
  label,
  ...props
}: { id: string; label: string } & Omit<ComponentProps<'input'>, 'type' | 'id'>) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold">
      <input id={id} type="checkbox" className="size-4 accent-royal" {...props} />
      {label}
    </label>
  );
}
