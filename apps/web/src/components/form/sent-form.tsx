'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { schemaResolver } from './schema-form';

/**
 * A form checked with its contracts schema, then sent: a refusal naming one of the form's fields
 * lands under that field, any other refusal is the form's error (shown above its buttons), and a
 * failure that is no answer at all says `genericError`.
 */
export function useSentForm<Values extends FieldValues, Result>({
  schema,
  defaultValues,
  send,
  onSent,
  genericError,
  shouldFocusError,
}: {
  schema: z.ZodType<Values>;
  defaultValues: Values;
  send: (values: Values) => Promise<Result>;
  onSent: (result: Result) => unknown;
  genericError: string;
  shouldFocusError?: boolean;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, Values>({
    resolver: schemaResolver(schema, (values: Values) => values),
    defaultValues: defaultValues as DefaultValues<Values>,
    mode: 'onSubmit',
    shouldFocusError,
  });
  const sending = useMutation({
    mutationFn: send,
    onSuccess: onSent,
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        console.error(error);
        setFormError(genericError);
        return;
      }
      const named = Object.entries(error.errors).filter(([name]) => name in defaultValues);
      for (const [name, messages] of named) form.setError(name as Path<Values>, { message: messages[0] });
      if (named.length === 0) setFormError(error.message);
    },
  });
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    sending.mutate(values);
  });
  return { form, formError, pending: sending.isPending, submit };
}

/** A refusal that names no field, above the form's buttons. */
export function FormError({ message, small = false }: { message: string | null | undefined; small?: boolean }) {
  if (!message) return null;
  return (
    <p role="alert" className={`rounded-lg bg-ruby/10 px-3 py-2 text-ruby-ink ${small ? 'text-xs' : 'text-sm'}`}>
      {message}
    </p>
  );
}
