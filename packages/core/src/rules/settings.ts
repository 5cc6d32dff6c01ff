// Global settings (SPEC §3, §9): GET /global-setting answers { settingKey, value } strings. This file
// reads them into typed flags and notice texts, and holds the default table the server seeds from.
import * as v from 'valibot';
import { notificationWallSchema } from '../schemas/lookup.js';
import type { GlobalSetting, NotificationWall } from '../schemas/lookup.js';

export const SETTING_KEYS = {
  dripEmail: 'drip_email',
  individualRequestPermit: 'INDIVIDUAL_REQUEST_PERMIT',
  notificationWallDoItYourself: 'NOTIFICATION_WALL_DO_IT_YOURSELF',
  notificationWallCompany: 'NOTIFICATION_WALL_COMPANY',
  editNotificationWallCompany: 'EDIT_NOTIFICATION_WALL_COMPANY',
  editNotificationWallDoItYourself: 'EDIT_NOTIFICATION_WALL_DO_IT_YOURSELF',
} as const;

/** SPEC §9: settings whose key contains this are the editable notice walls. */
export const EDIT_NOTIFICATION_WALL_MARKER = 'EDIT_NOTIFICATION_WALL_';
/** The placeholder substituted in notice texts (SPEC §2.5). */
export const MUNICIPALITY_NAME_PLACEHOLDER = '{municipalityName}';

export type NotificationWallKind = 'company' | 'doItYourself';

const DEFAULT_WALLS: Record<NotificationWallKind, NotificationWall> = {
  company: {
    titleHeaderForm: 'Important notice',
    descriptionsHeaderForm:
      'We are a professional permit service. We are not {municipalityName} and we are not affiliated with any county or municipality. We interact with {municipalityName} on your behalf, so you don\'t have to.',
    textCheckBox: 'I understand that my company is applying through a private permit service, not directly with {municipalityName}.',
    descriptionsFooterForm:
      'Your company remains responsible for the work meeting the codes of {municipalityName}. We prepare, submit and follow up on the permit for you.',
    titleFooterForm: 'Questions? Contact us before you continue.',
  },
  doItYourself: {
    titleHeaderForm: 'Important notice for do-it-yourselfers',
    descriptionsHeaderForm:
      'We are a professional permit service. We are not {municipalityName} and we are not affiliated with any county or municipality. We interact with {municipalityName} on your behalf, so you don\'t have to.',
    textCheckBox:
      'I understand that as a homeowner doing the work myself, I am responsible for the work meeting the requirements of {municipalityName}.',
    descriptionsFooterForm:
      '{municipalityName} may ask an owner-builder to sign a declaration or to be present at inspections. We will tell you what is needed.',
    titleFooterForm: 'Not sure this applies to you? Contact us.',
  },
};

/**
 * The global settings the server seeds at first start: every key the product reads, with its default.
 * Flags are the strings 'true' / 'false' as stored; notice walls are JSON texts.
 */
export const DEFAULT_SETTINGS: readonly GlobalSetting[] = [
  { settingKey: SETTING_KEYS.dripEmail, value: 'true' },
  { settingKey: SETTING_KEYS.individualRequestPermit, value: 'true' },
  { settingKey: SETTING_KEYS.notificationWallDoItYourself, value: 'true' },
  { settingKey: SETTING_KEYS.notificationWallCompany, value: 'true' },
  { settingKey: SETTING_KEYS.editNotificationWallCompany, value: JSON.stringify(DEFAULT_WALLS.company) },
  { settingKey: SETTING_KEYS.editNotificationWallDoItYourself, value: JSON.stringify(DEFAULT_WALLS.doItYourself) },
];

/** A setting's value as read: the exact strings 'true' and 'false' become booleans (SPEC §3). */
export const readSettingValue = (value: string): string | boolean =>
  value === 'true' ? true : value === 'false' ? false : value;

/** The settings list as a key → value map, with 'true' / 'false' read as booleans. */
export function readSettings(settings: readonly GlobalSetting[]): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const { settingKey, value } of settings) out[settingKey] = readSettingValue(value);
  return out;
}

const flag = (settings: readonly GlobalSetting[], key: string, whenMissing: boolean): boolean => {
  const entry = settings.find((setting) => setting.settingKey === key);
  if (!entry) return whenMissing;
  return readSettingValue(entry.value) === true;
};

/** Drip e-mails: on unless a drip_email setting says otherwise; missing settings mean on (SPEC §9). */
export const isDripEmailOn = (settings: readonly GlobalSetting[] | null | undefined): boolean =>
  settings == null ? true : flag(settings, SETTING_KEYS.dripEmail, true);

/** Whether the Do-It-Yourselfer option shows; it shows only when the setting allows it (SPEC §2.5). */
export const isIndividualRequestAllowed = (settings: readonly GlobalSetting[] | null | undefined): boolean =>
  flag(settings ?? [], SETTING_KEYS.individualRequestPermit, false);

/** The refusal of an individual's permit request while INDIVIDUAL_REQUEST_PERMIT is off (server and dashboard). */
export const INDIVIDUAL_REQUESTS_CLOSED_MESSAGE =
  'Permit requests from individuals are paused right now. Join or create a company to request permits.';

/** Whether the notice wall is on for a kind of applicant; off unless a setting turns it on. */
export const isNotificationWallOn = (
  settings: readonly GlobalSetting[] | null | undefined,
  kind: NotificationWallKind,
): boolean =>
  flag(
    settings ?? [],
    kind === 'company' ? SETTING_KEYS.notificationWallCompany : SETTING_KEYS.notificationWallDoItYourself,
    false,
  );

/** The settings whose key contains EDIT_NOTIFICATION_WALL_ (SPEC §9), as stored: the walls the permit team edits. */
export const notificationWallSettings = (settings: readonly GlobalSetting[]): GlobalSetting[] =>
  settings.filter((setting) => setting.settingKey.includes(EDIT_NOTIFICATION_WALL_MARKER));

/** The two settings of a kind of applicant's wall: its on/off flag and its texts. */
export const noticeWallKeys = (kind: NotificationWallKind) =>
  kind === 'company'
    ? { flag: SETTING_KEYS.notificationWallCompany, texts: SETTING_KEYS.editNotificationWallCompany }
    : { flag: SETTING_KEYS.notificationWallDoItYourself, texts: SETTING_KEYS.editNotificationWallDoItYourself };

/** Which applicants an editable wall setting is for (null for a key of no known kind). */
export const noticeWallKindOf = (settingKey: string): NotificationWallKind | null =>
  settingKey === SETTING_KEYS.editNotificationWallCompany ? 'company' : settingKey === SETTING_KEYS.editNotificationWallDoItYourself ? 'doItYourself' : null;

/** The editable walls, each with its kind, whether it shows, and its texts (unfilled: {municipalityName} kept). */
export const editableNoticeWalls = (settings: readonly GlobalSetting[]) =>
  notificationWallSettings(settings).flatMap((setting) => {
    const kind = noticeWallKindOf(setting.settingKey);
    return kind ? [{ kind, enabled: isNotificationWallOn(settings, kind), wall: notificationWall(settings, kind, MUNICIPALITY_NAME_PLACEHOLDER) }] : [];
  });

/** Replaces every {municipalityName} in each text of a notice wall. */
export function substituteMunicipality(wall: NotificationWall, municipalityName: string): NotificationWall {
  const fill = (text: string) => text.replaceAll(MUNICIPALITY_NAME_PLACEHOLDER, municipalityName);
  return {
    titleHeaderForm: fill(wall.titleHeaderForm),
    descriptionsHeaderForm: fill(wall.descriptionsHeaderForm),
    textCheckBox: fill(wall.textCheckBox),
    descriptionsFooterForm: fill(wall.descriptionsFooterForm),
    titleFooterForm: fill(wall.titleFooterForm),
  };
}

/** Parses a stored notice wall JSON text; null when it is not valid JSON or not a notice wall. */
export function parseNotificationWall(value: string): NotificationWall | null {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const parsed = v.safeParse(notificationWallSchema, json);
  return parsed.success ? parsed.output : null;
}

/**
 * The notice wall text for a kind of applicant with {municipalityName} filled in. A missing or broken
 * setting falls back to the default text, so a wall that is switched on never shows empty.
 */
export function notificationWall(
  settings: readonly GlobalSetting[] | null | undefined,
  kind: NotificationWallKind,
  municipalityName: string,
): NotificationWall {
  const key = kind === 'company' ? SETTING_KEYS.editNotificationWallCompany : SETTING_KEYS.editNotificationWallDoItYourself;
  const stored = (settings ?? []).find((setting) => setting.settingKey === key);
  const wall = (stored && parseNotificationWall(stored.value)) ?? DEFAULT_WALLS[kind];
  return substituteMunicipality(wall, municipalityName);
}

/** Everything the sign-up flow needs from the settings, in one read. */
export interface SignupSettings {
  dripEmail: boolean;
  individualRequestPermit: boolean;
  notificationWallDoItYourself: boolean;
  notificationWallCompany: boolean;
}
export const signupSettings = (settings: readonly GlobalSetting[] | null | undefined): SignupSettings => ({
  dripEmail: isDripEmailOn(settings),
  individualRequestPermit: isIndividualRequestAllowed(settings),
  notificationWallDoItYourself: isNotificationWallOn(settings, 'doItYourself'),
  notificationWallCompany: isNotificationWallOn(settings, 'company'),
});
