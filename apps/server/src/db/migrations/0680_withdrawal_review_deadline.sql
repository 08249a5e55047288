-- A withdrawal's review deadline (docs/compliance.md, "Withdrawals"): each order is due for the
-- operator's decision by review_due_at, set at insert from the operator's setting
-- withdrawal.reviewDeadlineHours (default 48), so a later change of the setting moves no order's
-- deadline. The back office's queue marks orders past it, the dashboard counts them and the metric
-- wps_withdrawals_review_overdue exposes the count to the alerting. Orders placed before this
-- migration keep NULL (no deadline was promised to them); no row is rewritten, so 0600's guard on
-- the orders' updates is untouched.
ALTER TABLE withdrawal_orders ADD COLUMN review_due_at timestamptz;
CREATE INDEX withdrawal_orders_review_due ON withdrawal_orders (review_due_at) WHERE status = 'pending';
