import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/migrations-folder';

/** Runs one migration file as drizzle-kit wrote it: statements split at its breakpoints. */
async function apply(db: PGlite, tag: string) {
  const text = readFileSync(join(migrationsFolder, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await db.exec(statement);
}

describe('migration 0003: staff roles by job (decision record 028)', () => {
  it("maps today's staff to support, keeps the others, and leaves no staff in the enum", async () => {
    const db = new PGlite();
    await apply(db, '0000_init');
    await apply(db, '0001_money');
    await apply(db, '0002_account_link_steps');
    for (const [shortId, role] of [
      ['8800101', 'staff'],
      ['8800102', 'admin'],
      ['8800103', 'player'],
    ]) {
      await db.query(`INSERT INTO users (short_id, display_name, role) VALUES ($1, 'x', $2)`, [shortId, role]);
    }

    await apply(db, '0003_staff_roles_by_job');

    const { rows } = await db.query<{ short_id: string; role: string }>(
      'SELECT short_id, role::text AS role FROM users ORDER BY short_id',
    );
    expect(rows).toEqual([
      { short_id: '8800101', role: 'support' },
      { short_id: '8800102', role: 'admin' },
      { short_id: '8800103', role: 'player' },
    ]);
    const labels = await db.query<{ label: string }>('SELECT unnest(enum_range(NULL::role))::text AS label');
    expect(labels.rows.map((row) => row.label)).toEqual(['player', 'support', 'finance', 'content', 'admin']);
    await expect(db.query(`UPDATE users SET role = 'staff'`)).rejects.toThrow(/invalid input value for enum/);
    await db.query(`INSERT INTO users (short_id, display_name) VALUES ('8800104', 'y')`);
    expect(
      (await db.query<{ role: string }>(`SELECT role::text AS role FROM users WHERE short_id = '8800104'`)).rows[0]!
        .role,
    ).toBe('player');
    await db.close();
  });
});
