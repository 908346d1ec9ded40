import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { ApiError, messageOf } from '@/lib/api-client';

/**
 * A react-hook-form resolver that turns the form's values (what the inputs hold: text, check boxes)
 * into the request body and checks it with the contracts schema the API validates with; each issue
 * lands on the field of the same path, with the schema's Vietnamese message.
 */
export function schemaResolver<Values extends FieldValues, Body>(
  schema: z.ZodType<Body>,
  toBody: (values: Values) => unknown,
): Resolver<Values, unknown, Body> {
  const checked = z.preprocess((values) => toBody(values as Values), schema) as unknown as z.ZodType<Body, Values>;
  return zodResolver(checked) as unknown as Resolver<Values, unknown, Body>;
}

/** Puts the API's field errors on the form's fields and toasts its message (or `fallback`). */
export function showRefusal<Values extends FieldValues>(
  error: unknown,
  fallback: string,
  setError?: UseFormSetError<Values>,
) {
  if (error instanceof ApiError && setError) {
    for (const [field, messages] of Object.entries(error.errors)) {
      if (messages[0]) setError(field as Path<Values>, { message: messages[0] });
    }
  }
  toast.error(messageOf(error, fallback));
}
