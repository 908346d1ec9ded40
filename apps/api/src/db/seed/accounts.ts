import type { Role } from '@carabala/contracts';
import { hash } from '@node-rs/argon2';
import { sealSecret } from '../../modules/second-factor';
import type { Tx } from '../client';
import { secondFactors, users } from '../schema';

interface DemoAccount {
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
];

/** `secondFactorKey`: the key that seals the demo staff accounts' TOTP secrets. */
export async function seedAccounts(tx: Tx, secondFactorKey: Buffer) {
  for (const account of demoAccounts) {
    const [created] = await tx
      .insert(users)
      .values({
        username: account.username,
        passwordHash: await hash(account.password),
        shortId: account.shortId,
        displayName: account.displayName,
        avatar: account.avatar,
        email: `${account.username}@example.com`,
        emailVerifiedAt: account.verified ? new Date() : null,
        role: account.role,
      })
      .returning({ id: users.id });
    if (account.totp) {
      await tx
        .insert(secondFactors)
        .values({ userId: created!.id, secret: sealSecret(secondFactorKey, account.totp), enabledAt: new Date() });
    }
  }
}
