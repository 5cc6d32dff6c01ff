import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { globalSettingSchema, notificationWallSchema } from '../schemas/lookup.js';
import {
  DEFAULT_SETTINGS,
  isDripEmailOn,
  isIndividualRequestAllowed,
  isNotificationWallOn,
  notificationWall,
  notificationWallSettings,
  parseNotificationWall,
  readSettings,
  signupSettings,
} from './settings.js';

const s = (settingKey: string, value: string) => ({ settingKey, value });

describe('reading settings (SPEC §3)', () => {
  it("reads the strings 'true' and 'false' as booleans and leaves other values alone", () => {
    expect(readSettings([s('a', 'true'), s('b', 'false'), s('c', 'TRUE'), s('d', '42')])).toEqual({ a: true, b: false, c: 'TRUE', d: '42' });
  });
});

describe('flags (SPEC §9)', () => {
  it('keeps drip e-mail on when settings are missing', () => {
    expect(isDripEmailOn(null)).toBe(true);
    expect(isDripEmailOn(undefined)).toBe(true);
    expect(isDripEmailOn([])).toBe(true);
    expect(isDripEmailOn([s('drip_email', 'false')])).toBe(false);
    expect(isDripEmailOn([s('drip_email', 'true')])).toBe(true);
  });

  it('shows the Do-It-Yourselfer option only when INDIVIDUAL_REQUEST_PERMIT allows it', () => {
    expect(isIndividualRequestAllowed([s('INDIVIDUAL_REQUEST_PERMIT', 'true')])).toBe(true);
    expect(isIndividualRequestAllowed([s('INDIVIDUAL_REQUEST_PERMIT', 'false')])).toBe(false);
    expect(isIndividualRequestAllowed([])).toBe(false);
  });

  it('reads the two notice wall switches separately', () => {
    const settings = [s('NOTIFICATION_WALL_DO_IT_YOURSELF', 'true'), s('NOTIFICATION_WALL_COMPANY', 'false')];
    expect(isNotificationWallOn(settings, 'doItYourself')).toBe(true);
    expect(isNotificationWallOn(settings, 'company')).toBe(false);
    expect(isNotificationWallOn(null, 'company')).toBe(false);
    expect(signupSettings(settings)).toEqual({
      dripEmail: true,
      individualRequestPermit: false,
      notificationWallDoItYourself: true,
      notificationWallCompany: false,
    });
  });
});

describe('notice walls', () => {
  const wall = {
    titleHeaderForm: 'Before {municipalityName}',
    descriptionsHeaderForm: 'We are not {municipalityName}. Really not {municipalityName}.',
    textCheckBox: 'I agree',
    descriptionsFooterForm: 'Footer',
    titleFooterForm: 'Contact',
  };

  it('lists the settings whose key contains EDIT_NOTIFICATION_WALL_', () => {
    const list = [s('EDIT_NOTIFICATION_WALL_COMPANY', '{}'), s('X_EDIT_NOTIFICATION_WALL_OTHER', '{}'), s('NOTIFICATION_WALL_COMPANY', 'true')];
    expect(notificationWallSettings(list).map((x) => x.settingKey)).toEqual(['EDIT_NOTIFICATION_WALL_COMPANY', 'X_EDIT_NOTIFICATION_WALL_OTHER']);
  });

  it('parses the JSON text and substitutes every {municipalityName}', () => {
    const settings = [s('EDIT_NOTIFICATION_WALL_COMPANY', JSON.stringify(wall))];
    expect(notificationWall(settings, 'company', 'City of Pasadena')).toEqual({
      ...wall,
      titleHeaderForm: 'Before City of Pasadena',
      descriptionsHeaderForm: 'We are not City of Pasadena. Really not City of Pasadena.',
    });
  });

  it('falls back to the default text when the stored one is missing or broken', () => {
    for (const settings of [[], [s('EDIT_NOTIFICATION_WALL_DO_IT_YOURSELF', '{not json')], [s('EDIT_NOTIFICATION_WALL_DO_IT_YOURSELF', '{"titleHeaderForm":1}')]]) {
      const text = notificationWall(settings, 'doItYourself', 'Town of Vail');
      expect(v.is(notificationWallSchema, text)).toBe(true);
      expect(JSON.stringify(text)).toContain('Town of Vail');
      expect(JSON.stringify(text)).not.toContain('{municipalityName}');
    }
    expect(parseNotificationWall('[]')).toBeNull();
  });
});

describe('DEFAULT_SETTINGS', () => {
  it('seeds every key the product reads, as valid global settings', () => {
    const keys = DEFAULT_SETTINGS.map((x) => x.settingKey);
    expect(keys).toEqual(expect.arrayContaining([
      'drip_email', 'INDIVIDUAL_REQUEST_PERMIT', 'NOTIFICATION_WALL_DO_IT_YOURSELF', 'NOTIFICATION_WALL_COMPANY',
      'EDIT_NOTIFICATION_WALL_COMPANY', 'EDIT_NOTIFICATION_WALL_DO_IT_YOURSELF',
    ]));
    expect(new Set(keys).size).toBe(keys.length);
    for (const setting of DEFAULT_SETTINGS) expect(v.is(globalSettingSchema, setting)).toBe(true);
    expect(isDripEmailOn(DEFAULT_SETTINGS)).toBe(true);
  });

  it('has notice texts that parse as notice walls and mention {municipalityName}', () => {
    for (const setting of notificationWallSettings(DEFAULT_SETTINGS)) {
      const parsed = parseNotificationWall(setting.value);
      expect(parsed).not.toBeNull();
      expect(setting.value).toContain('{municipalityName}');
    }
    expect(notificationWallSettings(DEFAULT_SETTINGS)).toHaveLength(2);
  });
});
