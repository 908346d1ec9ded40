'use client';

import { characterMessages, type OrderCharacter, type ReceiverServers } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { SelectField } from '@/components/form/fields';
import { keyText } from '@/lib/api-client';

/** The server and character a player chose in the picker; empty strings until chosen. */
export interface CharacterChoice {
  serverId: string;
  characterId: string;
}

export type CharacterErrors = Partial<Record<keyof CharacterChoice, string>>;

export const noCharacterChoice: CharacterChoice = { serverId: '', characterId: '' };

const countCharacters = (servers: ReceiverServers) =>
  servers.reduce((total, server) => total + server.characters.length, 0);

/** Whether the account has more than one character: the picker asks, and the order names one. */
export const asksForCharacter = (servers: ReceiverServers) => countCharacters(servers) > 1;

/** The character an order goes to: the account's only one, or the one chosen; null when none is (yet). */
export function chosenCharacter(servers: ReceiverServers, choice: CharacterChoice): OrderCharacter | null {
  const only = countCharacters(servers) === 1;
  for (const server of servers) {
    for (const character of server.characters) {
      if (only || (server.id === choice.serverId && character.id === choice.characterId)) {
        const { id: characterId, name: characterName, level } = character;
        return { serverId: server.id, serverName: server.name, characterId, characterName, level };
      }
    }
  }
  return null;
}

/**
 * What the request says of the character: the choice when the picker asks, nothing otherwise (no
 * characters, or one: the API takes that one). `errors` when the picker asks and is not filled, in the
 * API's own words.
 */
export function characterRequest(
  servers: ReceiverServers,
  choice: CharacterChoice,
): { fields: { serverId?: string; characterId?: string }; errors: CharacterErrors | null } {
  if (!asksForCharacter(servers)) return { fields: {}, errors: null };
  if (!choice.serverId) return { fields: {}, errors: { serverId: keyText(characterMessages.serverRequired) } };
  if (!choice.characterId) return { fields: {}, errors: { characterId: keyText(characterMessages.characterRequired) } };
  return { fields: { serverId: choice.serverId, characterId: choice.characterId }, errors: null };
}

/** The API's refusal of a character (api.character.*), as errors under the picker's fields; null for any other. */
export function characterErrorsOf(errors: Record<string, string[]> | undefined): CharacterErrors | null {
  const serverId = errors?.serverId?.[0];
  const characterId = errors?.characterId?.[0];
  return serverId || characterId ? { serverId, characterId } : null;
}

/** "Nhân vật: Thanh Hà (Cấp 52) · Máy chủ 1 - Rồng Lửa": the character an order or a claim goes to. */
export function CharacterLine({
  character,
  className = 'text-sm',
  testId = 'order-character',
  as: Tag = 'p',
}: {
  character: OrderCharacter | null | undefined;
  className?: string;
  testId?: string;
  /** `span` inside a line of text (shown as a block of its own). */
  as?: 'p' | 'span';
}) {
  const t = useTranslations('common');
  if (!character) return null;
  return (
    <Tag className={`block [overflow-wrap:anywhere] ${className}`} data-testid={testId}>
      {t('character.line', { name: character.characterName, level: character.level, server: character.serverName })}
    </Tag>
  );
}

/**
 * Who receives it, in the game: nothing for an account without characters, the one character as a line,
 * or "Chọn máy chủ" then "Chọn nhân vật" (name and level) when there are more.
 */
export function CharacterPicker({
  servers,
  value,
  onChange,
  errors = {},
  idPrefix,
}: {
  servers: ReceiverServers;
  value: CharacterChoice;
  onChange: (choice: CharacterChoice) => void;
  errors?: CharacterErrors;
  /** Keeps the fields' ids unique on the page. */
  idPrefix: string;
}) {
  const t = useTranslations('common');
  const count = countCharacters(servers);
  if (count === 0) return null;
  if (count === 1) {
    return (
      <CharacterLine
        character={chosenCharacter(servers, noCharacterChoice)}
        className="rounded-xl bg-ink/5 px-3 py-2 text-sm font-semibold"
        testId="character-single"
      />
    );
  }
  const server = servers.find((entry) => entry.id === value.serverId);
  return (
    <div className="flex flex-col gap-3" data-testid="character-picker">
      <p className="text-sm text-ink/70">{t('character.hint')}</p>
      <SelectField
        id={`${idPrefix}-server`}
        label={t('character.serverLabel')}
        value={value.serverId}
        error={errors.serverId}
        onChange={(event) => {
          const next = servers.find((entry) => entry.id === event.target.value);
          // A server with one character has nothing more to choose.
          const only = next?.characters.length === 1 ? next.characters[0]!.id : '';
          onChange({ serverId: event.target.value, characterId: only });
        }}
      >
        <option value="">{t('character.serverPlaceholder')}</option>
        {servers.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${idPrefix}-character`}
        label={t('character.characterLabel')}
        value={value.characterId}
        error={errors.characterId}
        disabled={!server}
        onChange={(event) => onChange({ ...value, characterId: event.target.value })}
      >
        <option value="">{server ? t('character.characterPlaceholder') : t('character.serverFirst')}</option>
        {server?.characters.map((character) => (
          <option key={character.id} value={character.id}>
            {t('character.option', { name: character.name, level: character.level })}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
