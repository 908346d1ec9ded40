'use client';

import { strippedShortId } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { CharacterPicker } from '@/components/character-picker';
import { useGrantReceiver } from '../api/staff';

/** The grant form's values this part reads and writes. */
interface ReceiverValues {
  shortId: string;
  serverId: string;
  characterId: string;
}

/** How long typing must pause before the User ID is looked up. */
const LOOKUP_DELAY_MS = 450;

/**
 * Who the typed User ID names, as soon as it names someone: their name, then their character ("Chọn
 * máy chủ" and "Chọn nhân vật" when the account has several, their only one as a line, nothing for an
 * account without any).
 */
export function GrantReceiver<Values extends ReceiverValues, Output>({
  form,
}: {
  form: UseFormReturn<Values, unknown, Output>;
}) {
  const t = useTranslations('adminPayments.grant');
  // The form's own type, narrowed to the three fields this part uses.
  const fields = form as unknown as UseFormReturn<ReceiverValues>;
  const typed = useWatch({ control: fields.control, name: 'shortId' });
  const serverId = useWatch({ control: fields.control, name: 'serverId' });
  const characterId = useWatch({ control: fields.control, name: 'characterId' });
  const parsed = strippedShortId.safeParse(typed);
  const candidate = parsed.success ? parsed.data : null;
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(candidate), LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [candidate]);
  const receiver = useGrantReceiver(asked && asked === candidate ? asked : null).data;
  if (!receiver || receiver.shortId !== candidate) return null;
  const { errors } = fields.formState;
  return (
    <div className="mt-3 flex flex-col gap-3">
      <p className="text-sm" data-testid="grant-receiver">
        {t('receiverFound', { name: receiver.displayName, shortId: receiver.shortId })}
      </p>
      <CharacterPicker
        servers={receiver.servers}
        value={{ serverId, characterId }}
        onChange={(next) => {
          fields.setValue('serverId', next.serverId);
          fields.setValue('characterId', next.characterId);
          fields.clearErrors(['serverId', 'characterId']);
        }}
        errors={{ serverId: errors.serverId?.message, characterId: errors.characterId?.message }}
        idPrefix="grant"
      />
    </div>
  );
}
