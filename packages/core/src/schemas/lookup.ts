// Public lookups: municipalities, tasks, stages, addresses, settings (SPEC §3, §7.4).
import * as v from 'valibot';
import { idSchema } from './common.js';

export const phoneNumberEntrySchema = v.object({ label: v.string(), phoneNumber: v.string() });

export const administrativeAreaSchema = v.object({
  id: idSchema,
  name: v.string(),
  /** 'state' | 'county' | 'city' */
  type: v.picklist(['state', 'county', 'city']),
  stateCode: v.string(),
  slug: v.string(),
  parentId: v.nullable(v.number()),
});
export type AdministrativeArea = v.InferOutput<typeof administrativeAreaSchema>;

export const municipalitySchema = v.object({
  id: idSchema,
  name: v.string(),
  /** URL path piece for /us/{state}/{county}/{city}/{municipality}: e.g. 'ca/los-angeles-county/pasadena/city-of-pasadena'. */
  slug: v.string(),
  kind: v.picklist(['city', 'county']),
  stateCode: v.string(),
  countyName: v.nullable(v.string()),
  latitude: v.number(),
  longitude: v.number(),
  phoneNumbers: v.array(phoneNumberEntrySchema),
  /** Hour of the day (0–23, local time) after which a request is filed the next business day. */
  permitCutoffHour: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(23)),
  administrativeArea: v.nullable(administrativeAreaSchema),
  administrativeAreas: v.array(administrativeAreaSchema),
});
export type Municipality = v.InferOutput<typeof municipalitySchema>;

/**
 * Another municipality an address may belong to when the data cannot tell, for the visitor to choose:
 * 'unincorporated-nearby' (a city answered, but unincorporated county area lies close by: the county
 * may govern the address), 'near-city-limits' (the county answered, but a city's limits may reach it) or
 * 'zip-county' (the address is placed at its ZIP's centre, and that ZIP reaches into other
 * counties: their governments are offered).
 */
export const MUNICIPALITY_ALTERNATIVE_REASONS = ['unincorporated-nearby', 'near-city-limits', 'zip-county'] as const;
export type MunicipalityAlternativeReason = (typeof MUNICIPALITY_ALTERNATIVE_REASONS)[number];
export const municipalityAlternativeSchema = v.object({
  id: idSchema,
  name: v.string(),
  slug: v.string(),
  kind: v.picklist(['city', 'county']),
  reason: v.picklist(MUNICIPALITY_ALTERNATIVE_REASONS),
});
export type MunicipalityAlternative = v.InferOutput<typeof municipalityAlternativeSchema>;

/**
 * The visitor's answer when asked to choose (kept with the request, shown to the permit team): why they were
 * asked and the municipalities offered; the one chosen is the permit's municipality. Built in a function
 * marked pure: the widget never reads a kept choice, so its bundle drops the whole schema (size budget).
 */
export const municipalityChoiceSchema = /* @__PURE__ */ (() =>
  v.object({
    reason: v.picklist(MUNICIPALITY_ALTERNATIVE_REASONS),
    offered: v.array(v.object({ id: idSchema, name: v.string() })),
  }))();
export type MunicipalityChoice = v.InferOutput<typeof municipalityChoiceSchema>;

/** The municipality of a location (GET /search/), with the alternatives when the data cannot tell. */
export const locatedMunicipalitySchema = v.object({
  ...municipalitySchema.entries,
  alternatives: v.optional(v.array(municipalityAlternativeSchema)),
});
export type LocatedMunicipality = v.InferOutput<typeof locatedMunicipalitySchema>;

export const taskSchema = v.object({ id: idSchema, name: v.string() });
export type Task = v.InferOutput<typeof taskSchema>;

export const inspectionTemplateSchema = v.object({
  id: idSchema,
  taskId: idSchema,
  name: v.string(),
  performOrder: v.number(),
});
export type InspectionTemplate = v.InferOutput<typeof inspectionTemplateSchema>;

export const feeSchema = v.object({
  id: idSchema,
  taskId: idSchema,
  name: v.string(),
  /** Dollars, two decimals. */
  amount: v.number(),
});
export type Fee = v.InferOutput<typeof feeSchema>;

/** GET /v3/tasks/{id}?include=inspections */
export const taskDetailSchema = v.object({
  ...taskSchema.entries,
  category: v.string(),
  description: v.string(),
  inspections: v.optional(v.array(inspectionTemplateSchema)),
  fees: v.optional(v.array(feeSchema)),
});
export type TaskDetail = v.InferOutput<typeof taskDetailSchema>;

/** GET /tasks/permit-services: tasks grouped the way the task step offers them. */
export const permitServiceSchema = v.object({ category: v.string(), tasks: v.array(taskSchema) });
export type PermitService = v.InferOutput<typeof permitServiceSchema>;

/** Permit stage list entry (GET /permit-stages). */
export const permitStageSchema = v.object({ stage: v.number(), name: v.string() });
export type PermitStage = v.InferOutput<typeof permitStageSchema>;

/** Address search result (SPEC §3): id is dot-separated, its second piece is the address id. */
export const addressSearchResultSchema = v.object({
  id: v.string(),
  /** [longitude, latitude] */
  center: v.tuple([v.number(), v.number()]),
  place_name: v.string(),
  matching_place_name: v.string(),
  street_line: v.string(),
  /** false: the street is as typed, not checked, and the point is its ZIP's or city's (the built-in gazetteer). */
  verified: v.optional(v.boolean()),
});
export type AddressSearchResult = v.InferOutput<typeof addressSearchResultSchema>;

export const geocodedAddressSchema = v.object({
  address: v.string(),
  city: v.string(),
  state: v.string(),
  zip: v.string(),
  streetAddress: v.string(),
  streetModifier: v.nullable(v.string()),
  postalCode: v.string(),
  longitude: v.number(),
  latitude: v.number(),
  /** false: the street is as typed, not checked, and the point is its ZIP's or city's (the built-in gazetteer). */
  verified: v.optional(v.boolean()),
});
export type GeocodedAddress = v.InferOutput<typeof geocodedAddressSchema>;

/**
 * GET /v4/lookup/addresses/{id}: the geocoded address and, in the same answer, the municipality that governs
 * it (what GET /search/ would answer; null when none we cover does). Older clients ignore `municipality`.
 */
export const geocodedAddressAnswerSchema = v.object({
  ...geocodedAddressSchema.entries,
  municipality: v.optional(v.nullable(locatedMunicipalitySchema)),
});
export type GeocodedAddressAnswer = v.InferOutput<typeof geocodedAddressAnswerSchema>;

export const addressCountDetailsSchema = v.object({ longitude: v.number(), latitude: v.number(), place_name: v.string() });
export const addressCountSchema = v.object({
  id: v.string(),
  addressId: v.string(),
  count: v.number(),
  details: addressCountDetailsSchema,
  isCreate: v.boolean(),
});
export type AddressCount = v.InferOutput<typeof addressCountSchema>;
/** PUT /address-count/{id}: record one more request for information at this address. */
export const addressCountUpdateSchema = v.object({ details: addressCountDetailsSchema });
/** The total of served requests shown on the address step. */
export const servedRequestsSchema = v.object({ count: v.number() });

/** Job site address as the permit form wants it (SPEC §3). */
export const jobSiteAddressSchema = v.object({
  Line1: v.string(),
  Line2: v.string(),
  City: v.string(),
  State: v.string(),
  PostalCode: v.string(),
  Country: v.string(),
});
export type JobSiteAddress = v.InferOutput<typeof jobSiteAddressSchema>;

/** Global setting (SPEC §3): the strings 'true' and 'false' are read as booleans by the settings rule. */
export const globalSettingSchema = v.object({ settingKey: v.string(), value: v.string() });
export type GlobalSetting = v.InferOutput<typeof globalSettingSchema>;

/** The notice wall text, stored as JSON in EDIT_NOTIFICATION_WALL_* settings. */
export const notificationWallSchema = v.object({
  titleHeaderForm: v.string(),
  descriptionsHeaderForm: v.string(),
  textCheckBox: v.string(),
  descriptionsFooterForm: v.string(),
  titleFooterForm: v.string(),
});
export type NotificationWall = v.InferOutput<typeof notificationWallSchema>;
export const NOTIFICATION_WALL_KEYS = ['EDIT_NOTIFICATION_WALL_COMPANY', 'EDIT_NOTIFICATION_WALL_DO_IT_YOURSELF'] as const;
export const notificationWallSettingSchema = v.object({
  settingKey: v.picklist(NOTIFICATION_WALL_KEYS),
  value: notificationWallSchema,
});
export type NotificationWallSetting = v.InferOutput<typeof notificationWallSettingSchema>;

const wallText = v.pipe(v.string(), v.trim(), v.nonEmpty('Please enter this text'), v.maxLength(2000, 'Please keep this text under 2,000 characters'));
/** A service admin's edit of one notice wall (PUT /v4/operator/notice-walls/{kind}): shown or not, and its texts. */
export const noticeWallUpdateSchema = v.object({
  enabled: v.boolean(),
  wall: v.object({
    titleHeaderForm: wallText,
    descriptionsHeaderForm: wallText,
    textCheckBox: wallText,
    descriptionsFooterForm: wallText,
    titleFooterForm: wallText,
  }),
});
export type NoticeWallUpdate = v.InferOutput<typeof noticeWallUpdateSchema>;
