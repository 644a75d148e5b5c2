-- Up Migration
-- Fraud signals (docs/fraud-signals.md, game-server/src/fraud-signals/).

-- The fingerprint of every deposit screenshot, taken when it is stored and, for screenshots
-- stored before, by the start-up backfill (image-fingerprints.ts): 64-bit dHash and pHash
-- (near ones are within a few bits: bit_count of the XOR) and the ink map that tells two
-- receipts of one banking app apart (ink-map.ts).
CREATE TABLE image_fingerprints (
  image            text PRIMARY KEY,
  dhash            bit(64) NOT NULL,
  phash            bit(64) NOT NULL,
  ink_width        integer NOT NULL,
  ink_height       integer NOT NULL,
  ink              bytea NOT NULL,
  fingerprinted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX image_fingerprints_recent ON image_fingerprints (fingerprinted_at DESC);

-- Pairs of screenshots found the same or near-identical when the later one was fingerprinted.
CREATE TABLE image_matches (
  image          text NOT NULL REFERENCES image_fingerprints (image),
  earlier_image  text NOT NULL REFERENCES image_fingerprints (image),
  dhash_distance integer NOT NULL,
  phash_distance integer NOT NULL,
  changed_lines  integer NOT NULL,
  PRIMARY KEY (image, earlier_image)
);
CREATE INDEX image_matches_by_earlier ON image_matches (earlier_image);

-- The transaction references of approved bank deposits, one row per approval, written in the
-- transaction that holds the reference's advisory lock while the ledger approves
-- (duplicate-reference-guard.ts): of two approvals of one reference at once, the second sees the
-- first's row and is refused, unless a superAdmin overrides it (override_note).
CREATE TABLE approved_deposit_references (
  deposit_id     text PRIMARY KEY,
  reference_key  text NOT NULL,
  approved_by    text NOT NULL,
  approved_at    timestamptz NOT NULL DEFAULT now(),
  override_note  text
);
CREATE INDEX approved_deposit_references_by_key ON approved_deposit_references (reference_key);

-- Approved bank deposits recorded before this table (the read model is the ledger's copy).
INSERT INTO approved_deposit_references (deposit_id, reference_key, approved_by, approved_at)
SELECT id, fraud_key(transaction_id), coalesce(decided_by, 'unknown'), coalesce(decided_at, requested_at)
  FROM deposit_requests
 WHERE method = 'bank' AND status = 'approved' AND fraud_key(transaction_id) IS NOT NULL;

-- Down Migration
DROP TABLE approved_deposit_references;
DROP TABLE image_matches;
DROP TABLE image_fingerprints;
