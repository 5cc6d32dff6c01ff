-- Issue 16: the expiry watchdog also watches the inspections due on open permits. A reminder of a
-- scheduled inspection is keyed like the others: (item kind 'inspection', inspection id, step, the
-- inspection's day), so a rescheduled inspection (another day) starts its steps over.
ALTER TABLE expiry_reminders DROP CONSTRAINT expiry_reminders_item_kind_check;
ALTER TABLE expiry_reminders ADD CONSTRAINT expiry_reminders_item_kind_check
  CHECK (item_kind IN ('license', 'insurance', 'certificate', 'permit', 'inspection'));
