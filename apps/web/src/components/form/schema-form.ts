import { toNestErrors } from '@hookform/resolvers';
import { codes } from '@carabala/contracts';
import { issueParams } from '@carabala/contracts/sentences';
import type { FieldError, FieldValues, Path, Resolver, UseFormReturn, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { ApiError, keyText, messageOf, wordsLoaded } from '@/lib/api-client';

/**
 * A react-hook-form resolver that checks the values with a contracts schema: each issue lands on the
 * field of the same path, its message (a catalogue key) said in the reader's language with the bound
 * it broke (decision record 053).
 */
export function keyResolver<Values extends FieldValues, Body>(
  schema: z.ZodType<Body, Values>,
): Resolver<Values, unknown, Body> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    await wordsLoaded();
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      errors[issue.path.join('.')] ??= { type: issue.code, message: keyText(issue.message, issueParams(issue)) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * A react-hook-form resolver that turns the form's values (what the inputs hold: text, check boxes)
 * into the request body and checks it with the contracts schema the API validates with (`keyResolver`).
 */
export function schemaResolver<Values extends FieldValues, Body>(
  schema: z.ZodType<Body>,
  toBody: (values: Values) => unknown,
): Resolver<Values, unknown, Body> {
  return keyResolver(z.preprocess((values) => toBody(values as Values), schema) as unknown as z.ZodType<Body, Values>);
}

/** Puts the API's field errors on the form's fields and toasts its message (or `fallback`). */
export function showRefusal<Values extends FieldValues>(
  error: unknown,
  fallback: string,
  setError?: UseFormSetError<Values>,
) {
  if (setError) putFieldErrors(error, setError);
  toast.error(messageOf(error, fallback));
}

/** Puts the API's field errors under the form's fields; true when it named any. */
export function putFieldErrors<Values extends FieldValues>(error: unknown, setError: UseFormSetError<Values>) {
  if (!(error instanceof ApiError)) return false;
  let named = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    if (!messages[0]) continue;
    setError(field as Path<Values>, { message: messages[0] });
    named = true;
  }
  return named;
}

/**
 * The `onConfirm` of a ConfirmButton that holds a form: the values are checked with the form's
 * contracts schema, then sent; the API's field errors land under their fields. Invalid values are
 * refused as the API would refuse them (`api.validation`, naming the fields), so that ConfirmButton
 * keeps the dialog open without a toast, exactly as for the API's own field errors; any other
 * refusal it toasts, and on success it toasts `done` and closes.
 */
export function confirmForm<Values extends FieldValues, Body, Result>(
  form: UseFormReturn<Values, unknown, Body>,
  send: (body: Body) => Promise<Result>,
): () => Promise<Result> {
  return () =>
    new Promise<Result>((resolve, reject) => {
      void form.handleSubmit(
        (body) =>
          send(body).then(resolve, (error: unknown) => {
            putFieldErrors(error, form.setError);
            reject(error);
          }),
        (errors) => {
          const named: Record<string, string[]> = {};
          for (const [field, issue] of Object.entries(errors)) {
            if (typeof issue?.message === 'string') named[field] = [issue.message];
          }
          reject(new ApiError(400, codes.validation, '', named));
        },
      )();
    });
}

/**
 * What a field of `form` takes for `name`, to spread on `InputField`, `SelectField` or
 * `TextAreaField`: its id (`prefix-name`), its label, its error and its registration.
 */
export function fieldsOf<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'register' | 'getFieldState' | 'formState'>,
  prefix: string,
  label: (name: Path<Values>) => string,
) {
  return (name: Path<Values>) => ({
    id: `${prefix}-${name}`,
    label: label(name),
    error: form.getFieldState(name, form.formState).error?.message,
    ...form.register(name),
  });
}
