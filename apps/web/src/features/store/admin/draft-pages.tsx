'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { BackLink } from '@/components/back-link';
import { showRefusal } from '@/components/form/schema-form';
import { Spinner } from '@/components/ui/spinner';
import type { draftRecords } from './draft-api';
import { DraftHeader, type DraftState } from './draft-header';

type Words = 'admin.promotions' | 'admin.vip';
type Drafted = {
  id: number;
  updatedAt: string;
  state: DraftState;
  publishedAt: string | null;
  draft: { title: string };
};
type Records<R extends Drafted, Body> = ReturnType<typeof draftRecords<R, Body>>;
/** What a drafted record's form is handed: its save (a toast, or the API's refusal under its fields). */
export interface DraftSave<Body, Values extends FieldValues> {
  onSave: (body: Body, form: { setError: UseFormSetError<Values> }) => Promise<unknown>;
  pending: boolean;
}

function useDraftSave<R extends Drafted, Body, Values extends FieldValues>(
  records: Records<R, Body>,
  words: Words,
  id: number | undefined,
  then: (saved: R) => void,
): DraftSave<Body, Values> {
  const t = useTranslations(words);
  const tOps = useTranslations('adminOps');
  const save = records.useSave(id);
  const onSave = (body: Body, form: { setError: UseFormSetError<Values> }) =>
    save.mutateAsync(body).then(
      (saved) => {
        toast.success(t('saved'));
        then(saved);
      },
      (error: unknown) => showRefusal(error, tOps('failed'), form.setError),
    );
  return { onSave, pending: save.isPending };
}

/** A drafted record's page (a promotion, a VIP tier): its state and `note`, the draft's form, publishing (step-up). */
export function DraftEditPage<R extends Drafted, Body, Values extends FieldValues>(props: {
  records: Records<R, Body>;
  words: Words;
  id: number;
  listHref: string;
  testId: string;
  note: (record: R) => string;
  form: (record: R, save: DraftSave<Body, Values>) => ReactNode;
}) {
  const query = props.records.useOne(props.id);
  const publish = props.records.usePublish(props.id);
  const save = useDraftSave<R, Body, Values>(props.records, props.words, props.id, () => undefined);
  if (query.isPending) return <Spinner className="size-6" />;
  if (query.isError) return <p className="text-ruby">{query.error.message}</p>;
  const record = query.data;
  return (
    <div>
      <DraftHeader
        words={props.words}
        backHref={props.listHref}
        record={record}
        testId={props.testId}
        publish={publish}
        note={` ${props.note(record)}`}
      />
      <div className="mt-4 max-w-3xl">{props.form(record, save)}</div>
    </div>
  );
}

/** A new drafted record: saved as a draft, then its own page (where it is published). */
export function DraftCreatePage<R extends Drafted, Body, Values extends FieldValues>(props: {
  records: Records<R, Body>;
  words: Words;
  listHref: string;
  form: (save: DraftSave<Body, Values>) => ReactNode;
}) {
  const t = useTranslations(props.words);
  const router = useRouter();
  const save = useDraftSave<R, Body, Values>(props.records, props.words, undefined, (saved) =>
    router.replace(`${props.listHref}/${saved.id}`),
  );
  return (
    <div>
      <BackLink href={props.listHref} label={t('back')} />
      <h1 className="mt-2 text-2xl font-black">{t('createTitle')}</h1>
      <div className="mt-4 max-w-3xl">{props.form(save)}</div>
    </div>
  );
}
