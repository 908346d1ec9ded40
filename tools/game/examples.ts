/**
 * One example of each call of the game contract, body and answer, drawn from the reference server's
 * data (./players.ts): the OpenAPI document shows them, and a test checks each against the contract.
 */
export const examples = {
  authenticate: {
    body: { username: 'tuananh', password: 'rong-lua-2024', deviceId: 'carabala.web.3f2a9c1e' },
    answer: {
      result: 'ok',
      player: {
        playerId: 'gp-1001',
        userId: '20481001',
        displayName: 'Trần Tuấn Anh',
        avatar: null,
        email: 'tuananh@example.vn',
        servers: [
          {
            id: 's1',
            name: 'Máy chủ 1 - Rồng Lửa',
            characters: [
              { id: 'c-1001-a', name: 'KiếmKhách', level: 87 },
              { id: 'c-1001-b', name: 'TiểuYêu', level: 23 },
            ],
          },
          { id: 's2', name: 'Máy chủ 2 - Bạch Hổ', characters: [{ id: 'c-1001-c', name: 'BạchLong', level: 54 }] },
        ],
      },
    },
  },
  lookup: {
    body: { userId: '20481002' },
    answer: {
      result: 'ok',
      banned: false,
      player: {
        playerId: 'gp-1002',
        userId: '20481002',
        displayName: 'Nguyễn Thu Hà',
        avatar: null,
        email: 'thuha@example.vn',
        servers: [
          { id: 's2', name: 'Máy chủ 2 - Bạch Hổ', characters: [{ id: 'c-1002-a', name: 'HoaSenTrắng', level: 61 }] },
        ],
      },
    },
  },
  items: {
    body: {},
    answer: {
      items: [
        { id: 'diamond', name: 'Kim cương', kind: 'currency', icon: null },
        { id: 'dragon_egg', name: 'Trứng Rồng', kind: 'consumable', icon: null },
      ],
    },
  },
  mail: {
    body: {
      id: '5b0e7c9a-3f1d-4c8e-9a51-2d7f6b8e4c10',
      playerId: 'gp-1002',
      userId: '20481002',
      serverId: 's2',
      characterId: 'c-1002-a',
      title: 'Gói Kim Cương 100',
      items: [{ itemId: 'diamond', quantity: 100 }],
      source: 'order',
      sourceId: 'DH240901A7K2',
    },
    answer: { result: 'ok', duplicate: false },
  },
  signInLink: {
    body: { playerId: 'gp-1001', path: '/store' },
    answer: {
      code: 'api.success',
      data: {
        url: 'https://carabala.vn/api/auth/game-link/q8Zt3v0bJm1xR4kP7sYw2A',
        expiresAt: '2026-01-01T00:02:00.000Z',
      },
    },
  },
  playerEvent: {
    body: { eventId: 'ev-58213', kind: 'renamed', playerId: 'gp-1002', displayName: 'Thu Hà Bạch Hổ' },
    answer: { code: 'api.success', data: { applied: true } },
  },
  sessionCheck: {
    body: { token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzaWQiOiIuLi4ifQ.c2lnbmF0dXJl' },
    answer: {
      code: 'api.success',
      data: {
        playerId: '6f1c2a4e-0d3b-4c8e-9a51-2b7d9e0f4a13',
        userId: '8801234',
        displayName: 'Thu Hà Bạch Hổ',
        phoneVerified: true,
        deviceId: 'game:android-5f2c',
        expiresAt: '2026-01-31T00:00:00.000Z',
      },
    },
  },
};
