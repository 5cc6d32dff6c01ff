// The address stage (SPEC §2.5, §4.1): the global settings, the chosen address (geocoded, its
// municipality, whether it was requested before) and the task.
import {
  municipalityLocationQuery,
  MUNICIPALITY_NAME_PLACEHOLDER,
  notificationWall,
  signupSettings,
  FLOW_MESSAGES,
  type AddressSearchResult,
  type MunicipalityAlternative,
  type Task,
} from '@permitdesk/core';
import type { FlowAlert, StageKit } from './stage-kit.js';
import type { FlowEvent } from './transition.js';

export interface AddressStageActions {
  /** Reads INDIVIDUAL_REQUEST_PERMIT, the notice switches and texts from the global settings. */
  loadSettings(): Promise<void>;
  /** Chooses an address: geocodes it, finds its municipality and whether it was requested before. */
  selectAddress(address: AddressSearchResult): Promise<void>;
  clearAddress(): void;
  /** Takes another of the municipalities offered when the data cannot tell which governs the address: `pick` is the municipality or one of its `alternatives` objects (compared by identity). */
  chooseMunicipality(pick: { slug: string }): Promise<void>;
  selectTask(task: Task | null): void;
}

/** A picked address shows with a spinner only when its geocoding takes longer than this. */
const SLOW_PICK_MS = 100;

export function addressStage({ client, send, set, ctx, whileBusy, timers }: StageKit): AddressStageActions {
  /** Counts the picks, so that a late answer for an earlier one is dropped. */
  let picks = 0;
  return {
    async loadSettings() {
      const settings = await client.lookups.globalSettings({ silent: true }).catch(() => null);
      if (!settings) return;
      const flags = signupSettings(settings);
      send({
        type: 'SETTINGS_LOADED',
        settings: {
          diyAllowed: flags.individualRequestPermit,
          companyNoticeOn: flags.notificationWallCompany,
          diyNoticeOn: flags.notificationWallDoItYourself,
          // Keep the placeholder: the municipality is filled in when the notice shows.
          companyNotice: notificationWall(settings, 'company', MUNICIPALITY_NAME_PLACEHOLDER),
          diyNotice: notificationWall(settings, 'doItYourself', MUNICIPALITY_NAME_PLACEHOLDER),
        },
      });
    },

    async selectAddress(address) {
      const pick = ++picks;
      // The requests go out first: a redraw queued before them would hold them back by its work.
      // The count needs only the id: it runs beside the geocoding and the municipality after it.
      const counting = client.lookups.getAddressCount({ params: { id: address.id }, silent: true }).catch(() => null);
      const geocoding = client.lookups.geocodeAddress({ params: { id: address.id }, silent: true });
      // The chosen address with a spinner (map at zoom 6) only when the answer is slow: a quick one goes
      // straight to the detail view, one redraw instead of three (the pick's step change within 100 ms).
      const slow = timers.setTimeout(() => {
        if (pick !== picks) return;
        send({ type: 'ADDRESS_SELECTED', address });
        set({ busy: true, alert: null });
      }, SLOW_PICK_MS);
      let selected: FlowEvent = { type: 'ADDRESS_SELECTED', address };
      let alert: FlowAlert | null = null;
      try {
        // One round trip: the answer carries the municipality (a server without it: asked after).
        const { municipality: found, ...geocoded } = await geocoding;
        const [municipality, count] = await Promise.all([
          // The address's USPS city goes along: 350 5th Ave is in New York City, not in 'Times Square'.
          found !== undefined ? found : client.lookups.municipalityByLocation({ query: municipalityLocationQuery(geocoded), silent: true }).catch(() => null),
          counting,
        ]);
        selected = { type: 'ADDRESS_SELECTED', address, geocoded, municipality, similarAddress: (count?.count ?? 0) > 0 };
      } catch {
        alert = { type: 'error', title: FLOW_MESSAGES.addressLookupFailedTitle, message: FLOW_MESSAGES.addressLookupFailed };
      }
      timers.clearTimeout(slow);
      // Dropped when another address was chosen, or the choice cleared, meanwhile.
      if (pick !== picks) return;
      send(selected);
      set({ busy: false, alert });
    },

    chooseMunicipality: (pick) =>
      whileBusy(async () => {
        const shown = ctx().municipality!;
        const found = await client.lookups.municipalityBySlug({ query: { slug: pick.slug }, silent: true });
        // The others stay offered, so the visitor can change their mind; the server accepts only these.
        const alternatives = [shown, ...shown.alternatives!].filter((m) => m !== pick) as MunicipalityAlternative[];
        send({ type: 'MUNICIPALITY_LOADED', municipality: { ...found, alternatives } });
      }),

    clearAddress() {
      picks++;
      send({ type: 'ADDRESS_CLEARED' });
    },
    selectTask: (task) => send({ type: 'TASK_SELECTED', task }),
  };
}
