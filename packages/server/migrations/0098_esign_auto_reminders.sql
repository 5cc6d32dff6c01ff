-- E-signature: the automatic reminder (a daily job, esign/auto-remind.ts) mails the signer whose turn it
-- is once, after three days of waiting. auto_reminded_at is its claim: set in the reminder's transaction
-- by a conditional update, so two runs at once, or a run repeated after a crash, remind nobody twice.
ALTER TABLE esign_signers ADD COLUMN auto_reminded_at timestamptz;
