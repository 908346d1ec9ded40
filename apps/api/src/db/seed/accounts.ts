import { minimumPasswordHasher } from '../../modules/auth/passwords';
import type { Tx } from '../client';
import { users } from '../schema';

/** The demo accounts listed in the README. */
export const demoAccounts = [
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
  {
    username: 'admin1',
    password: 'admin123',
    shortId: '8800001',
    displayName: 'Quản trị viên',
    avatar: '9002',
    role: 'admin',
    verified: true,
  },
  {
    username: 'admin2',
    password: 'admin123',
    shortId: '8800002',
    displayName: 'Phạm Thu Hà',
    avatar: null,
    role: 'admin',
    verified: true,
  },
  {
    username: 'support1',
    password: 'staff123',
    shortId: '8800003',
    displayName: 'Võ Thanh Tâm',
    avatar: null,
    role: 'support',
    verified: true,
  },
  {
    username: 'finance1',
    password: 'staff123',
    shortId: '8800004',
    displayName: 'Đặng Hoài Nam',
    avatar: null,
    role: 'finance',
    verified: true,
  },
  {
    username: 'content1',
    password: 'staff123',
    shortId: '8800005',
    displayName: 'Bùi Khánh Linh',
    avatar: null,
    role: 'content',
    verified: true,
  },
] as const;

export async function seedAccounts(tx: Tx) {
  const passwords = minimumPasswordHasher();
  for (const account of demoAccounts) {
    await tx.insert(users).values({
      username: account.username,
      passwordHash: await passwords.hash(account.password),
      shortId: account.shortId,
      displayName: account.displayName,
      avatar: account.avatar,
      email: `${account.username}@example.com`,
      emailVerifiedAt: account.verified ? new Date() : null,
      role: account.role,
    });
  }
}
