// Databases of their own for a run of a suite or a bench: made on a PostgreSQL server whose user may
// create databases (`adminDatabaseUrl`), each statement on a connection of its own, dropped after.
import pg from 'pg';

async function adminQuery(adminDatabaseUrl, sql) {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates the database `name` on `adminDatabaseUrl`'s server; its URL, as the same user. */
export async function createDatabase(adminDatabaseUrl, name) {
  await adminQuery(adminDatabaseUrl, `CREATE DATABASE ${name}`);
  return Object.assign(new URL(adminDatabaseUrl), { pathname: `/${name}` }).toString();
}

/** Drops the database `name` (if it is there), cutting the connections still open to it. */
export function dropDatabase(adminDatabaseUrl, name) {
  return adminQuery(adminDatabaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
