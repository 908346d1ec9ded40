'use client';

import { ticketFollowUpFormSchema, type Ticket, type TicketFollowUpForm } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { TextAreaField } from '@/components/form/fields';
import { fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatVietnamTime } from '@/lib/format';
import { useFollowUp } from './api/player';
import { AttachmentsField, attachmentMessages } from './attachments-field';

type Values = TicketFollowUpForm<File>;
const empty: Values = { content: '', attachments: [] };

/**
 * Under a player's own ticket: a follow-up with up to 3 images. While the ticket waits it adds to it;
 * an answered ticket is reopened by it until `reopenUntil`; after that, the player is sent to a new ticket.
 */
export function FollowUpForm({ ticket, userId }: { ticket: Ticket; userId: string }) {
  const t = useTranslations('tickets');
  const form = useForm<Values, unknown, TicketFollowUpForm>({
    resolver: schemaResolver(ticketFollowUpFormSchema, (values: Values) => values),
    defaultValues: empty,
    shouldFocusError: false,
  });
  const send = useFollowUp(userId, ticket.id);
  const attachments = useWatch({ control: form.control, name: 'attachments' });
  const field = fieldsOf(form, 'follow-up', () => t('followUpLabel'));

  if (!ticket.canReply) {
    return (
      <p className="rounded-2xl bg-ink/5 p-4 text-sm text-ink/70" data-testid="follow-up-closed">
        {t('followUpClosed')}
      </p>
    );
  }

  const submit = form.handleSubmit(({ content }) =>
    send.mutate(
      { content, attachments: form.getValues('attachments') },
      {
        onSuccess: () => {
          form.reset(empty);
          toast.success(t('followUpSent'));
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const fileMessage = error.errors.files?.[0] ?? error.errors.filesUrl?.[0];
            if (fileMessage) form.setError('attachments', { message: fileMessage });
            const contentMessage = error.errors.content?.[0];
            if (contentMessage) form.setError('content', { message: contentMessage });
          }
          toast.error(error.message);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="follow-up-title" data-testid="follow-up">
      <h3 id="follow-up-title" className="font-black">
        {ticket.status === 'PROCESSING' ? t('followUpTitle') : t('reopenTitle')}
      </h3>
      {ticket.reopenUntil && (
        <p className="text-sm text-ink/70">{t('reopenHint', { until: formatVietnamTime(ticket.reopenUntil) })}</p>
      )}
      <TextAreaField {...field('content')} rows={3} placeholder={t('followUpPlaceholder')} />
      <AttachmentsField
        id="follow-up-files"
        files={attachments}
        onChange={(files) => form.setValue('attachments', files, { shouldValidate: true, shouldDirty: true })}
        messages={attachmentMessages(form.formState.errors.attachments)}
      />
      <Button type="submit" className="w-full md:w-auto md:px-8" disabled={send.isPending}>
        {send.isPending && <Spinner />}
        {send.isPending ? t('sending') : t('followUpSend')}
      </Button>
    </form>
  );
}
