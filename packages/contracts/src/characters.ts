import { z } from 'zod';

/**
 * The character that receives a pack or a gift code, for a game with servers and characters (issue 37).
 * Null on an order, a claim or a mail when the receiver's account has no characters listed (a game with
 * one character per account): the description's flow, unchanged.
 */
export const orderCharacterSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  characterId: z.string(),
  characterName: z.string(),
  level: z.number().int(),
});
export type OrderCharacter = z.infer<typeof orderCharacterSchema>;

/** The receiver's servers and characters, as the look-up shows them for the picker ("Chọn máy chủ", "Chọn nhân vật"). */
export const receiverServersSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    characters: z.array(z.object({ id: z.string(), name: z.string(), level: z.number().int() })),
  }),
);
export type ReceiverServers = z.infer<typeof receiverServersSchema>;

/** What a purchase or a claim says about the character: both or neither. */
export const characterChoiceFields = {
  serverId: z.string().trim().min(1).max(64).optional(),
  characterId: z.string().trim().min(1).max(64).optional(),
};

export const characterMessages = {
  serverRequired: 'character.serverRequired',
  characterRequired: 'api.character.required',
  unknownCharacter: 'api.character.unknown',
} as const;

export const characterCodes = {
  required: 'api.character.required',
  unknown: 'api.character.unknown',
} as const;
