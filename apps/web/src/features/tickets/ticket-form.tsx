'use client';

import { ticketFormSchema, ticketTypes, type Ticket, type TicketForm as TicketFormValues } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { InputField, SelectField, TextAreaField } from '@/components/form/fields';
import { fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useCreateTicket } from './api/player';
import { AttachmentsField, attachmentMessages } from './attachments-field';
import { orderCodeFromSearch } from './order-prefill';

type Values = TicketFormValues<File>;
/** What the contracts schema answers for the form's values. */
type TicketFormBody = TicketFormValues;

const empty: Values = {
  type: '' as Values['type'],
  incidentTime: '',
  device: '',
  title: '',
  description: '',
  attachments: [],
};

function SuccessPanel({ ticket, onAnother }: { ticket: Ticket; onAnother: () => void }) {
  const t = useTranslations('tickets');
  // Once the panel has replaced the (taller) form, so that no layout change interrupts the scroll.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <section
      role="status"
      className="rounded-3xl bg-white p-8 text-center shadow-lg ring-1 ring-ink/10"
      data-testid="ticket-success"
    >
      <div
        className="mx-auto grid size-16 place-items-center rounded-full bg-leaf/15 text-4xl text-leaf-ink"
        aria-hidden
      >
        ✓
      </div>
      <h2 className="mt-4 text-2xl font-black">{t('successTitle')}</h2>
      <p className="mt-2 text-ink/70">{t('successText', { number: ticket.number })}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link href="/supports/my-tickets" className={buttonClass('primary')}>
          {t('follow')}
        </Link>
        <Button variant="outline" onClick={onAnother}>
          {t('newTicket')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The support ticket form: validated on submit and again on every change; a server refusal naming a
 * field lands under it (the files' under the attachments), and its message is toasted.
 */
export function TicketForm() {
  const t = useTranslations('tickets');
  const labels = {
    type: t('type'),
    incidentTime: t('incidentTime'),
    device: t('device'),
    title: t('title'),
    description: t('description'),
  };
  const { user } = useSession();
  const [created, setCreated] = useState<Ticket | null>(null);
  // Opened from a receipt: a payment ticket about that order (the form renders in the browser only).
  const [orderCode] = useState(() => orderCodeFromSearch(window.location.search));
  const form = useForm<Values, unknown, TicketFormBody>({
    resolver: schemaResolver(ticketFormSchema, (values: Values) => values),
    defaultValues: orderCode
      ? {
          ...empty,
          type: '1',
          title: t('orderTicketTitle', { code: orderCode }),
          description: t('orderTicketDescription', { code: orderCode }),
        }
      : empty,
    mode: 'onChange',
    shouldFocusError: false,
  });
  const create = useCreateTicket(user?.id ?? '');
  const attachments = useWatch({ control: form.control, name: 'attachments' });
  const { errors } = form.formState;
  const field = fieldsOf(form, 'ticket', (name) => labels[name as keyof typeof labels]);

  const setAttachments = (files: File[]) =>
    form.setValue('attachments', files, { shouldValidate: true, shouldDirty: true });

  // The schema checks the chosen files; the request sends them as the form holds them, the browser's File objects.
  const submit = form.handleSubmit((body) =>
    create.mutate(
      { ...body, attachments: form.getValues('attachments') },
      {
        onSuccess: (ticket) => {
          setCreated(ticket);
          form.reset(empty);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const fileMessage = error.errors.files?.[0] ?? error.errors.filesUrl?.[0];
            if (fileMessage) form.setError('attachments', { message: fileMessage });
            for (const name of ['type', 'incidentTime', 'device', 'title', 'description'] as const) {
              const message = error.errors[name]?.[0];
              if (message) form.setError(name, { message });
            }
          }
          toast.error(error.message);
        },
      },
    ),
  );

  if (created) return <SuccessPanel ticket={created} onAnother={() => setCreated(null)} />;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-3xl bg-white p-5 shadow-lg ring-1 ring-ink/10 md:p-8"
      aria-labelledby="ticket-form-title"
    >
      <h2 id="ticket-form-title" className="text-xl font-black">
        {t('formTitle')}
      </h2>
      <SelectField {...field('type')}>
        <option value="" disabled>
          {t('type')}
        </option>
        {ticketTypes.map((type) => (
          <option key={type} value={type}>
            {t(`types.${type}`)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 md:grid-cols-2">
        <InputField {...field('incidentTime')} id="ticket-incident-time" placeholder={t('incidentTimePlaceholder')} />
        <InputField {...field('device')} placeholder={t('devicePlaceholder')} />
      </div>
      <InputField {...field('title')} placeholder={t('titlePlaceholder')} />
      <TextAreaField {...field('description')} placeholder={t('descriptionPlaceholder')} />
      <AttachmentsField
        id="ticket-files"
        files={attachments}
        onChange={setAttachments}
        messages={attachmentMessages(errors.attachments)}
      />
      <Button type="submit" className="w-full py-3 text-base md:w-auto md:px-10" disabled={create.isPending}>
        {create.isPending && <Spinner />}
        {create.isPending ? t('sending') : t('submit')}
      </Button>
    </form>
  );
}
