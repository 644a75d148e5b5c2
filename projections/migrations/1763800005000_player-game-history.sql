-- Up Migration
-- The profile's Game History, from the round streams: one row per player per round of every game.
-- A player's tickets of one lottery are one row, as a spin wheel player's numbers are: one drawing,
-- one outcome, one link to verify it. Returned stakes (never in play) leave no row.
-- An existing installation fills it from the past with `npm run rebuild-projections`.
CREATE TABLE game_history_rounds (
  round_id text PRIMARY KEY,
  game     text NOT NULL,
  -- The round's (or lottery's) code, which /fair takes; null for rounds opened without one.
  code     text
);

CREATE TABLE player_game_history (
  round_id   text   NOT NULL,
  user_id    text   NOT NULL,
  game       text   NOT NULL,
  code       text,
  -- The player's stakes the round holds (santim).
  stake      bigint NOT NULL,
  -- What each of those stakes picked, by its transfer id: {"<id>": ["H"]}, {"<id>": [2, 5]} or,
  -- for a lottery ticket, {"<id>": [17]}: a returned stake takes its own picks away.
  picks      jsonb  NOT NULL,
  -- Payouts and lottery prizes paid to the player by the settlement, chunks included.
  payout     bigint NOT NULL DEFAULT 0,
  -- Stakes given back by a cancellation, chunks included.
  refunded   bigint NOT NULL DEFAULT 0,
  outcome    text   NOT NULL DEFAULT 'open' CHECK (outcome IN ('open', 'won', 'lost', 'refunded')),
  -- Lottery places won (an award place pays nothing through the ledger).
  places     int[]  NOT NULL DEFAULT '{}',
  played_at  timestamptz NOT NULL,
  settled_at timestamptz,
  PRIMARY KEY (round_id, user_id)
);
CREATE INDEX player_game_history_by_player
  ON player_game_history (user_id, played_at DESC, round_id DESC);
CREATE INDEX player_game_history_by_player_and_game
  ON player_game_history (user_id, game, played_at DESC, round_id DESC);

-- Down Migration
DROP TABLE player_game_history;
DROP TABLE game_history_rounds;
