import type { Role } from '@carabala/contracts/permissions';

// The demo accounts as data only (no imports but a type): the seed, the API tests and the browser
// tests read them.

export interface DemoAccount {
  username: string;
  password: string;
  shortId: string;
  displayName: string;
  avatar: string | null;
  role: Role;
  verified: boolean;
  /**
   * A staff account's fixed TOTP secret (base32), listed in the README's "TOTP" column; the account
   * is seeded enrolled with it. Production refuses these secrets (decision record 029).
   */
  totp?: string;
  /**
   * The embedded game's servers and characters of a player (issue 37); absent for an account without
   * characters, whose purchases keep the description's flow.
   */
  characters?: readonly DemoCharacter[];
}

export interface DemoCharacter {
  serverId: string;
  serverName: string;
  characterId: string;
  name: string;
  level: number;
}

/** The demo accounts listed in the README. */
export const demoAccounts: readonly DemoAccount[] = [
  {
    username: 'player1',
    password: 'player123',
    shortId: '8801234',
    displayName: 'Nguyễn Minh Anh',
    avatar: '9001',
    role: 'player',
    verified: true,
  },
  {
    username: 'player2',
    password: 'player123',
    shortId: '8805678',
    displayName: 'Trần Bảo Ngọc',
    avatar: null,
    role: 'player',
    verified: true,
  },
  {
    username: 'player3',
    password: 'player123',
    shortId: '8809012',
    displayName: 'Lê Quốc Huy',
    avatar: null,
    role: 'player',
    verified: false,
  },
  // Two players the browser tests promote to staff, one per viewport, to enrol a second factor from scratch.
  {
    username: 'player4',
    password: 'player123',
    shortId: '8803456',
    displayName: 'Hoàng Minh Khôi',
    avatar: null,
    role: 'player',
    verified: true,
  },
  {
    username: 'player5',
    password: 'player123',
    shortId: '8807890',
    displayName: 'Võ Gia Bảo',
    avatar: null,
    role: 'player',
    verified: true,
  },
  // The players of the browser suite's notification test, one per project: nobody else touches them.
  {
    username: 'player6',
    password: 'player123',
    shortId: '8806543',
    displayName: 'Đặng Thu Trang',
    avatar: null,
    role: 'player',
    verified: true,
  },
  {
    username: 'player7',
    password: 'player123',
    shortId: '8802468',
    displayName: 'Bùi Anh Tuấn',
    avatar: null,
    role: 'player',
    verified: true,
  },
  {
    username: 'player8',
    password: 'player123',
    shortId: '8804321',
    displayName: 'Phan Ngọc Lan',
    avatar: null,
    role: 'player',
    verified: true,
  },
  {
    username: 'player9',
    password: 'player123',
    shortId: '8808765',
    displayName: 'Trịnh Đức Long',
    avatar: null,
    role: 'player',
    verified: true,
  },
  // The one player with characters on two servers: buying for them shows "Chọn máy chủ" / "Chọn nhân vật".
  {
    username: 'player10',
    password: 'player123',
    shortId: '8800246',
    displayName: 'Lý Thanh Hà',
    avatar: null,
    role: 'player',
    verified: true,
    characters: [
      { serverId: 's1', serverName: 'Máy chủ 1 - Rồng Lửa', characterId: 'c-101', name: 'Thanh Hà', level: 52 },
      { serverId: 's1', serverName: 'Máy chủ 1 - Rồng Lửa', characterId: 'c-102', name: 'Hà Nhỏ', level: 18 },
      { serverId: 's2', serverName: 'Máy chủ 2 - Bạch Hổ', characterId: 'c-201', name: 'Bạch Hà', level: 37 },
    ],
  },
  {
    username: 'admin1',
    password: 'admin123',
    shortId: '8800001',
    displayName: 'Quản trị viên',
    avatar: '9002',
    role: 'admin',
    verified: true,
    totp: 'UHLCHILY4LQTAVDC4N64CDNUFWTLQYT7',
  },
  {
    username: 'admin2',
    password: 'admin123',
    shortId: '8800002',
    displayName: 'Phạm Thu Hà',
    avatar: null,
    role: 'admin',
    verified: true,
    totp: '2P6UCHIFILUACLS2OOXRN5NZWH3NYWIJ',
  },
  {
    username: 'support1',
    password: 'staff123',
    shortId: '8800003',
    displayName: 'Võ Thanh Tâm',
    avatar: null,
    role: 'support',
    verified: true,
    totp: '2GQB4KSIQAJNX2BCM2IRMZ4JTFC4XNTM',
  },
  {
    username: 'support2',
    password: 'staff123',
    shortId: '8800006',
    displayName: 'Lý Hải Yến',
    avatar: null,
    role: 'support',
    verified: true,
    totp: 'NVD55GNP5UKF5G5GNDXXLMR77DDHS43Z',
  },
  {
    username: 'finance1',
    password: 'staff123',
    shortId: '8800004',
    displayName: 'Đặng Hoài Nam',
    avatar: null,
    role: 'finance',
    verified: true,
    totp: 'PJIADRZED7BAZXLXLW2LBX3EOKMG6BYX',
  },
  {
    username: 'content1',
    password: 'staff123',
    shortId: '8800005',
    displayName: 'Bùi Khánh Linh',
    avatar: null,
    role: 'content',
    verified: true,
    totp: 'OUZ4M34VJA23VB3NX5PP4KSGQNZVCCNL',
  },
];
