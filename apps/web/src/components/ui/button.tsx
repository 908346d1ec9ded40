import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost';

/** A button's classes: `btn` and its variant's (globals.css), then the caller's own. */
export function buttonClass(variant: ButtonVariant = 'primary', extra = '') {
  return extra ? `btn btn-${variant} ${extra}` : `btn btn-${variant}`;
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
