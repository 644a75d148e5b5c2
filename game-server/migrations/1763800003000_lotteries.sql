-- Up Migration
-- Lotteries (admin spec: Create Instant Game with type lottery). Each is one round on the round
-- kernel: its money, tickets and draw live in its round-<round_id> stream (the truth); this row
-- is its registry: the card's fields, its code, its commitment and where its drawing stands.
-- Ids come from the instant games' sequence, so the games list and DELETE /api/games/{id} take
-- either kind.
CREATE TABLE lotteries (
  id           bigint PRIMARY KEY DEFAULT nextval('instant_games_id_seq'),
  round_id     uuid   NOT NULL UNIQUE,
  code         text   NOT NULL UNIQUE,
  title        text   NOT NULL,
  banner       text   NOT NULL,
  ticket_price bigint NOT NULL CHECK (ticket_price > 0),
  win_amount   bigint NOT NULL CHECK (win_amount > 0),
  prizes_text  text   NOT NULL,
  -- [{label, amount (minor units) or null for an award}], in order: second place first.
  prizes       jsonb  NOT NULL,
  out_date     timestamptz NOT NULL,
  -- open: selling until out_date; drawing: stakes closed, draw under way (resumed after a
  -- restart); drawn; deleting: refunds under way (resumed after a restart); deleted.
  status       text   NOT NULL CHECK (status IN ('open', 'drawing', 'drawn', 'deleting', 'deleted')),
  commitment   text   NOT NULL,
  server_seed  text,
  -- [{place, label, amount, ticket, userId}] once drawn.
  winners      jsonb,
  created_by   uuid   NOT NULL REFERENCES users (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  drawn_at     timestamptz
);
CREATE INDEX lotteries_listed ON lotteries (status, out_date);
-- Banners are public images (GET /image/{file} looks them up).
CREATE INDEX lotteries_banner ON lotteries (banner);

-- Down Migration
DROP TABLE lotteries;
