-- Issue 18 item 2: the device that started a sign-up learns when the mailed link is opened elsewhere.
-- Opening the link still takes the earlier devices' keys out of use (whoever started a sign-up for
-- someone else's address must not finish it), but they are now suspended rather than deleted: the
-- earlier device can still ask whether the address was verified, and the mailbox owner can hand the
-- sign-up back to it from the device where the link was opened.
ALTER TABLE signup_flow_keys ADD COLUMN suspended_at timestamptz;
