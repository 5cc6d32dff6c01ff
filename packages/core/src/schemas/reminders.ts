// Reminder steps and the calendar feed of a company (issue 16).
import * as v from 'valibot';
import { REMINDER_STEP_LIMITS } from '../rules/reminders.js';
import { timestampSchema } from './common.js';

export const REMINDER_MESSAGES = {
  stepRange: `Each step is a whole number of days from ${REMINDER_STEP_LIMITS.min} to ${REMINDER_STEP_LIMITS.max}.`,
  stepCount: `Choose from 1 to ${REMINDER_STEP_LIMITS.count} steps.`,
} as const;

const stepSchema = v.pipe(v.number(), v.integer(REMINDER_MESSAGES.stepRange), v.minValue(REMINDER_STEP_LIMITS.min, REMINDER_MESSAGES.stepRange), v.maxValue(REMINDER_STEP_LIMITS.max, REMINDER_MESSAGES.stepRange));

/** PUT body: the days before a lapse a reminder goes out (duplicates dropped, stored largest first). */
export const reminderSettingsInputSchema = v.object({
  steps: v.pipe(v.array(stepSchema), v.minLength(1, REMINDER_MESSAGES.stepCount), v.maxLength(REMINDER_STEP_LIMITS.count, REMINDER_MESSAGES.stepCount)),
});
export type ReminderSettingsInput = v.InferOutput<typeof reminderSettingsInputSchema>;

export const reminderSettingsSchema = v.object({
  steps: v.array(v.number()),
  /** Whether these are the default steps (the company never changed them). */
  isDefault: v.boolean(),
});
export type ReminderSettings = v.InferOutput<typeof reminderSettingsSchema>;

/** The company's calendar feed: its address (null before the first one is made) and when it was made. */
export const calendarFeedSchema = v.object({
  url: v.nullable(v.string()),
  createdAt: v.nullable(timestampSchema),
});
export type CalendarFeed = v.InferOutput<typeof calendarFeedSchema>;

/** GET /calendar/{file}: the secret (43 base64url characters) followed by .ics. */
export const calendarFileParamsSchema = v.object({
  file: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}\.ics$/), v.transform((file) => file.slice(0, -4))),
});
