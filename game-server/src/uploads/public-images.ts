import type pg from "pg";

/**
 * Whether `file` is shown to everyone: a deposit bank's, a withdraw method's or a social link's
 * logo, or a lottery's banner. Every other upload (payment proofs) is private and served only
 * through a signed link.
 */
export async function isPublicImage(db: pg.Pool, file: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM banks WHERE bank_logo = $1
     UNION ALL SELECT 1 FROM social_links WHERE social_logo = $1
     UNION ALL SELECT 1 FROM lotteries WHERE banner = $1 LIMIT 1`,
    [file],
  );
  return (rowCount ?? 0) > 0;
}
