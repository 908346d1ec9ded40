import { items, type ItemId } from '@carabala/contracts/catalogue';
import type { GameItem } from '@carabala/contracts/game-api';

/** The kind of each of the embedded game's items, as a connected game would list them. */
const kinds: Record<ItemId, GameItem['kind']> = {
  diamond: 'currency',
  gold: 'currency',
  vip_exp: 'currency',
  hero_chest: 'consumable',
  stamina: 'consumable',
  enhance_stone: 'consumable',
  legend_hero_shard: 'consumable',
  rare_gear_chest: 'consumable',
  lucky_ticket: 'consumable',
  lucky_chest: 'consumable',
  mooncake: 'consumable',
  red_envelope: 'consumable',
  candy: 'consumable',
  monthly_card: 'card',
  spade_card: 'card',
  skin_moon_lantern: 'cosmetic',
  skin_ao_dai: 'cosmetic',
  skin_pumpkin: 'cosmetic',
  skin_ocean: 'cosmetic',
  mount_dolphin: 'cosmetic',
};

/**
 * The embedded game's item list (no GAME_API_URL): the item catalogue's constant, answered as the game
 * contract's POST /items/list would. The same refresh reads it into the copy as a connected game's.
 */
export async function embeddedGameItems(): Promise<GameItem[]> {
  return items.map((item) => ({ id: item.id, name: item.label, kind: kinds[item.id], icon: null }));
}
