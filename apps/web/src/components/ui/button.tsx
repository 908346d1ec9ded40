import type { ButtonHTMLAttributes } from 'react';

const variants = {
  primary:
    'bg-gradient-to-b from-gold to-gold-deep text-ink shadow-[0_3px_0_#9a6200] hover:brightness-105 active:translate-y-px active:shadow-none',
  secondary:
    'bg-royal text-white shadow-[0_3px_0_#3b1a99] hover:bg-royal-light active:translate-y-px active:shadow-none',
  outline: 'border-2 border-royal text-royal bg-white hover:bg-royal/5',
  ghost: 'text-ink hover:bg-ink/5',
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = 'primary', extra = '') {
  return `inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-bold transition disabled:cursor-not-allowed disabled:opacity-50 ${variants[variant]} ${extra}`;
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
