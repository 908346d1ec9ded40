import { characterMessages } from '@carabala/contracts';
import { describe, expect, it } from 'vitest';
import { asksForCharacter, characterErrorsOf, characterRequest } from '@/components/character-picker';

const twoServers = [
  {
    id: 's1',
    name: 'Máy chủ 1 - Rồng Lửa',
    characters: [
      { id: 'c-101', name: 'Thanh Hà', level: 52 },
      { id: 'c-102', name: 'Hà Nhỏ', level: 18 },
    ],
  },
  { id: 's2', name: 'Máy chủ 2 - Bạch Hổ', characters: [{ id: 'c-201', name: 'Bạch Hà', level: 37 }] },
];
const oneCharacter = [twoServers[1]!];

describe('the character a purchase or claim names', () => {
  it('asks only when the account has more than one character', () => {
    expect(asksForCharacter([])).toBe(false);
    expect(asksForCharacter(oneCharacter)).toBe(false);
    expect(asksForCharacter(twoServers)).toBe(true);
  });

  it('sends nothing for none or one, and the choice, or the missing field, for several', () => {
    const empty = { serverId: '', characterId: '' };
    expect(characterRequest([], empty)).toEqual({ fields: {}, errors: null });
    expect(characterRequest(oneCharacter, empty)).toEqual({ fields: {}, errors: null });
    expect(characterRequest(twoServers, empty).errors).toEqual({ serverId: characterMessages.serverRequired });
    expect(characterRequest(twoServers, { serverId: 's1', characterId: '' }).errors).toEqual({
      characterId: characterMessages.characterRequired,
    });
    expect(characterRequest(twoServers, { serverId: 's1', characterId: 'c-102' })).toEqual({
      fields: { serverId: 's1', characterId: 'c-102' },
      errors: null,
    });
  });

  it("reads the API's refusal of a character, and nothing else", () => {
    expect(characterErrorsOf({ characterId: [characterMessages.unknownCharacter] })).toEqual({
      serverId: undefined,
      characterId: characterMessages.unknownCharacter,
    });
    expect(characterErrorsOf({ shortId: ['User ID không tồn tại.'] })).toBeNull();
    expect(characterErrorsOf(undefined)).toBeNull();
  });
});
