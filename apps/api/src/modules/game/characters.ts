import { characterCodes, characterMessages, type OrderCharacter, type ReceiverServers } from '@carabala/contracts';
import { AppError } from '../../plugins/errors';
import type { Words } from '../../lib/sentences';

/** A player as the site shows them before an order or a claim: the local row, with the game's servers and characters. */
export interface GameReceiver {
  /** The site's user id (the local row, or the shadow of the game's player). */
  id: string;
  shortId: string;
  displayName: string;
  avatar: string | null;
  /** Empty for a game with one character per account. */
  servers: ReceiverServers;
}

const refusal = (code: string, field: 'serverId' | 'characterId', message: Words) =>
  new AppError(400, code, message, { [field]: [message] });

/**
 * The character an order or a claim goes to. No characters listed: null (the account receives it, the
 * description's flow). One character in all: that one, chosen or not. More: the request names one by
 * server and character, or is refused with the field to fill ("Chọn máy chủ", "Chọn nhân vật").
 */
export function resolveCharacter(
  servers: ReceiverServers,
  choice: { serverId?: string; characterId?: string },
): OrderCharacter | null {
  const all = servers.flatMap((server) => server.characters.map((character) => ({ server, character })));
  if (all.length === 0) return null;
  const pick = (entry: (typeof all)[number]): OrderCharacter => ({
    serverId: entry.server.id,
    serverName: entry.server.name,
    characterId: entry.character.id,
    characterName: entry.character.name,
    level: entry.character.level,
  });
  if (!choice.serverId && !choice.characterId && all.length === 1) return pick(all[0]!);
  if (!choice.serverId) throw refusal(characterCodes.required, 'serverId', characterMessages.serverRequired);
  if (!choice.characterId) throw refusal(characterCodes.required, 'characterId', characterMessages.characterRequired);
  const found = all.find((entry) => entry.server.id === choice.serverId && entry.character.id === choice.characterId);
  if (!found) throw refusal(characterCodes.unknown, 'characterId', characterMessages.unknownCharacter);
  return pick(found);
}
