import pg from "pg";

/** Creates `name` on the server of `adminUrl` (optionally from a template) and returns its URL. */
export async function createDatabase(adminUrl: string, name: string, template?: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const from = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : "";
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${from}`);
  } finally {
    await client.end();
  }
  return withDatabase(adminUrl, name);
}

export async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
