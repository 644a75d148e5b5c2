-- Up Migration
-- The sub-admin settings' percent is the agents' advance, paid from the house on the withdrawals
-- they pay out (subAdminWithdraw) and the charges they request (subAdminCredit). It did nothing
-- before; an untouched seed value of 10% must not start paying agents: it starts at 0%, and the
-- superAdmin sets the rate in Settings.
UPDATE settings SET win_percent_cut_bps = 0, updated_at = now()
 WHERE group_name IN ('subAdminWithdraw', 'subAdminCredit') AND win_percent_cut_bps = 1000;

-- Down Migration
SELECT 1;
