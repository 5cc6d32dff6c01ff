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
import type { StageKit } from './stage-kit.js';

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

export function addressStage({ client, send, set, ctx, whileBusy }: StageKit): AddressStageActions {
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
      send({ type: 'ADDRESS_SELECTED', address });
      await whileBusy(async () => {
        try {
          // The count needs only the id: it runs beside the geocoding and the municipality after it.
          const counting = client.lookups.getAddressCount({ params: { id: address.id }, silent: true }).catch(() => null);
          // One round trip: the answer carries the municipality (a server without it: asked after).
          const { municipality: found, ...geocoded } = await client.lookups.geocodeAddress({ params: { id: address.id }, silent: true });
          const [municipality, count] = await Promise.all([
            // The address's USPS city goes along: 350 5th Ave is in New York City, not in 'Times Square'.
            found !== undefined ? found : client.lookups.municipalityByLocation({ query: municipalityLocationQuery(geocoded), silent: true }).catch(() => null),
            counting,
          ]);
          if (ctx().address?.id !== address.id) return; // another address was chosen meanwhile
          send({ type: 'ADDRESS_SELECTED', address, geocoded, municipality, similarAddress: (count?.count ?? 0) > 0 });
        } catch {
          set({ alert: { type: 'error', title: FLOW_MESSAGES.addressLookupFailedTitle, message: FLOW_MESSAGES.addressLookupFailed } });
        }
      });
    },

    chooseMunicipality: (pick) =>
      whileBusy(async () => {
        const shown = ctx().municipality!;
        const found = await client.lookups.municipalityBySlug({ query: { slug: pick.slug }, silent: true });
        // The others stay offered, so the visitor can change their mind; the server accepts only these.
        const alternatives = [shown, ...shown.alternatives!].filter((m) => m !== pick) as MunicipalityAlternative[];
        send({ type: 'MUNICIPALITY_LOADED', municipality: { ...found, alternatives } });
      }),

    clearAddress: () => send({ type: 'ADDRESS_CLEARED' }),
    selectTask: (task) => send({ type: 'TASK_SELECTED', task }),
  };
}
