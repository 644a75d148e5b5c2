import { randomBytes, randomUUID } from "node:crypto";
import { passwordProblem } from "@igp/shared";
import type pg from "pg";
import { hashPassword } from "./passwords.ts";

export type BootstrapResult =
  | { created: false }
  | { created: true; email: string; generatedPassword: string | null };

/**
 * Creates the first superAdmin when there is none: from SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD,
 * or with a generated password that the caller prints once. Later starts change nothing.
 */
export async function bootstrapSuperAdmin(
  pool: pg.Pool,
  wanted: { email?: string; password?: string },
): Promise<BootstrapResult> {
  const existing = await pool.query("SELECT 1 FROM users WHERE role = 'superAdmin' LIMIT 1");
  if (existing.rowCount) return { created: false };
  const email = (wanted.email ?? "superadmin@localhost").toLowerCase();
  const generatedPassword = wanted.password ? null : generateStaffPassword();
  const passwordHash = await hashPassword(wanted.password ?? generatedPassword!);
  const inserted = await pool.query(
    `INSERT INTO users (id, full_name, email, password_hash, role)
     SELECT $1, 'Super Admin', $2, $3, 'superAdmin'
     WHERE NOT EXISTS (SELECT 1 FROM users WHERE role = 'superAdmin')
     ON CONFLICT (email) DO NOTHING`,
    [randomUUID(), email, passwordHash],
  );
  if (!inserted.rowCount) {
    throw new Error(`Cannot create the first superAdmin: ${email} is already a user's e-mail.`);
  }
  return { created: true, email, generatedPassword };
}

/** A random password that meets the staff rule it will be held to (letters and digits, 16). */
function generateStaffPassword(): string {
  for (;;) {
    const password = randomBytes(12).toString("base64url");
    const rules = { required: "", tooShort: "" };
    if (passwordProblem(password, "staff", rules) === null) return password;
  }
}
