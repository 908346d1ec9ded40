/**
 * The reference game server's data (tools/game/stand-in.ts): its players, with the passwords the operator
 * guide lists, and its items. Fictional people. The site has never seen any of them: in connected mode
 * (GAME_API_URL) each becomes a shadow on the site at its first sign-in or look-up.
 */
import type { GameItem, GamePlayer, GameServer } from '@carabala/contracts/game-api';
import { items as catalogueItems, type ItemId } from '@carabala/contracts/catalogue';

export interface StandInPlayer extends GamePlayer {
  username: string;
  /** Plain text: this is a stand-in, and its passwords are published in docs/operator-guide.md. */
  password: string;
  /** False: the game refuses the sign-in with `unverified`. */
  emailVerified: boolean;
  banned: boolean;
}

export const standInServers = {
  s1: 'Máy chủ 1 - Rồng Lửa',
  s2: 'Máy chủ 2 - Bạch Hổ',
} as const;

const server = (id: keyof typeof standInServers, characters: GameServer['characters']): GameServer => ({
  id,
  name: standInServers[id],
  characters,
});

export const standInPlayers: StandInPlayer[] = [
  {
    // Characters on two servers, two of them on s1: the site asks "Chọn máy chủ" and "Chọn nhân vật".
    playerId: 'gp-1001',
    userId: '20481001',
    username: 'tuananh',
    password: 'rong-lua-2024',
    displayName: 'Trần Tuấn Anh',
    avatar: null,
    email: 'tuananh@example.vn',
    emailVerified: true,
    banned: false,
    servers: [
      server('s1', [
        { id: 'c-1001-a', name: 'KiếmKhách', level: 87 },
        { id: 'c-1001-b', name: 'TiểuYêu', level: 23 },
      ]),
      server('s2', [{ id: 'c-1001-c', name: 'BạchLong', level: 54 }]),
    ],
  },
  {
    // One character on server 2: a friend to buy for.
    playerId: 'gp-1002',
    userId: '20481002',
    username: 'nguyenthuha',
    password: 'bach-ho-2024',
    displayName: 'Nguyễn Thu Hà',
    avatar: null,
    email: 'thuha@example.vn',
    emailVerified: true,
    banned: false,
    servers: [server('s2', [{ id: 'c-1002-a', name: 'HoaSenTrắng', level: 61 }])],
  },
  {
    // No characters yet: the contract allows `servers: []` (the account itself receives).
    playerId: 'gp-1003',
    userId: '3572004',
    username: 'minhkhoa',
    password: 'tan-thu-2024',
    displayName: 'Lê Minh Khoa',
    avatar: null,
    email: null,
    emailVerified: true,
    banned: false,
    servers: [],
  },
  {
    // Has not verified the e-mail: sign-in is refused with `unverified`.
    playerId: 'gp-1004',
    userId: '9900112233',
    username: 'baongoc',
    password: 'chua-xac-minh',
    displayName: 'Phạm Bảo Ngọc',
    avatar: null,
    email: null,
    emailVerified: false,
    banned: false,
    servers: [server('s1', [{ id: 'c-1004-a', name: 'NgọcNữ', level: 5 }])],
  },
  {
    // Banned: sign-in is refused with `banned`; a look-up answers `banned: true`.
    playerId: 'gp-1005',
    userId: '66001005',
    username: 'quanghuy',
    password: 'bi-khoa-2024',
    displayName: 'Đỗ Quang Huy',
    avatar: null,
    email: 'quanghuy@example.vn',
    emailVerified: true,
    banned: true,
    servers: [server('s1', [{ id: 'c-1005-a', name: 'HắcPhong', level: 99 }])],
  },
];

/** What a player looks like in the contract's answers (no password, no flags). */
export function publicPlayer(player: StandInPlayer): GamePlayer {
  const { playerId, userId, displayName, avatar, email, servers } = player;
  return { playerId, userId, displayName, avatar, email: player.emailVerified ? email : null, servers };
}

/** The kind of each of the site's embedded items: a Record, so a new catalogue item fails the typecheck here. */
const kinds: Record<ItemId, GameItem['kind']> = {
  diamond: 'currency',
  gold: 'currency',
  hero_chest: 'consumable',
  monthly_card: 'card',
  stamina: 'consumable',
  enhance_stone: 'consumable',
  legend_hero_shard: 'consumable',
  vip_exp: 'currency',
  rare_gear_chest: 'consumable',
  spade_card: 'card',
  lucky_ticket: 'consumable',
  lucky_chest: 'consumable',
  skin_moon_lantern: 'cosmetic',
  mooncake: 'consumable',
  skin_ao_dai: 'cosmetic',
  red_envelope: 'consumable',
  skin_pumpkin: 'cosmetic',
  candy: 'consumable',
  skin_ocean: 'cosmetic',
  mount_dolphin: 'equipment',
};

/**
 * The game's items: the site's embedded list (same ids and names), plus items only the game has, so a
 * new in-game item reaches the console's picker without a release of the site.
 */
export const standInItems: GameItem[] = [
  ...catalogueItems.map((item) => ({ id: item.id, name: item.label, kind: kinds[item.id], icon: null })),
  { id: 'dragon_egg', name: 'Trứng Rồng', kind: 'consumable', icon: null },
  { id: 'skin_tet_lion', name: 'Trang phục Lân Tết', kind: 'cosmetic', icon: null },
];
