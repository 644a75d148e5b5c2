-- Up Migration
-- Wrong deposit or withdraw codes typed by staff, so that guessing is limited per request and per
-- staff account (see wallet/code-attempts.ts). Rows older than the window are pruned as they go.
CREATE TABLE request_code_failures (
  id          bigserial PRIMARY KEY,
  request_id  uuid        NOT NULL,
  staff_id    uuid        NOT NULL,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX request_code_failures_by_request ON request_code_failures (request_id, at);
CREATE INDEX request_code_failures_by_staff ON request_code_failures (staff_id, at);

-- Down Migration
DROP TABLE request_code_failures;
