-- Up Migration
-- Phones are kept in E.164 (+251936164659) from now on; the server normalises every write and
-- every lookup (shared/src/phone.ts). This migration rewrites the Ethiopian forms stored so far
-- (0936164659, 936164659, 251936164659, +251 93 616 4659) where that creates no duplicate, and
-- does not guess otherwise: each phone it cannot rewrite is listed in phone_normalisation_conflicts.
--
-- Operator: `SELECT * FROM phone_normalisation_conflicts WHERE resolved_at IS NULL;`
--   reason 'duplicate': two accounts hold the same number in different forms. Find out which
--     person owns it, change the other account's phone (or block it), then rewrite the kept one to
--     `normalised` and set resolved_at = now().
--   reason 'unrecognised': not an Ethiopian number the rules below know; the owner signs in with it
--     as stored until it is corrected by hand to E.164.
CREATE TABLE phone_normalisation_conflicts (
  user_id       uuid NOT NULL REFERENCES users (id),
  stored_phone  text NOT NULL,
  normalised    text,
  reason        text NOT NULL CHECK (reason IN ('duplicate', 'unrecognised')),
  other_user_id uuid REFERENCES users (id),
  found_at      timestamptz NOT NULL DEFAULT now(),
  resolved_at   timestamptz,
  PRIMARY KEY (user_id, reason)
);

CREATE TEMPORARY TABLE phone_candidates AS
SELECT id, phone,
       CASE
         WHEN digits ~ '^0[1-9]\d{8}$' THEN '+251' || substr(digits, 2)
         WHEN digits ~ '^[1-9]\d{8}$' THEN '+251' || digits
         WHEN digits ~ '^251[1-9]\d{8}$' THEN '+' || digits
         WHEN phone ~ '^\+[1-9]\d{7,14}$' THEN phone
       END AS normalised
  FROM (SELECT id, phone,
               regexp_replace(regexp_replace(phone, '[\s().-]', '', 'g'), '^\+', '') AS digits
          FROM users WHERE phone IS NOT NULL) p;

INSERT INTO phone_normalisation_conflicts (user_id, stored_phone, reason)
SELECT id, phone, 'unrecognised' FROM phone_candidates WHERE normalised IS NULL;

-- Every account whose number, once normalised, is also another account's number.
INSERT INTO phone_normalisation_conflicts (user_id, stored_phone, normalised, reason, other_user_id)
SELECT a.id, a.phone, a.normalised, 'duplicate', min(b.id::text)::uuid
  FROM phone_candidates a
  JOIN phone_candidates b ON b.normalised = a.normalised AND b.id <> a.id
 GROUP BY a.id, a.phone, a.normalised;

UPDATE users u SET phone = c.normalised
  FROM phone_candidates c
 WHERE u.id = c.id AND c.normalised IS NOT NULL AND c.normalised <> u.phone
   AND NOT EXISTS (SELECT 1 FROM phone_normalisation_conflicts x WHERE x.user_id = c.id);

DO $$
DECLARE
  listed text;
BEGIN
  SELECT string_agg(user_id || ' (' || stored_phone || ', ' || reason || ')', '; ') INTO listed
    FROM phone_normalisation_conflicts;
  IF listed IS NOT NULL THEN
    RAISE NOTICE 'Phones left as stored, see phone_normalisation_conflicts: %', listed;
  END IF;
END $$;

DROP TABLE phone_candidates;

-- Down Migration
DROP TABLE phone_normalisation_conflicts;
