// What the modal frame shows for a state of the flow, read with core's selectors: title, progress,
// modal height, the map view and whether Next shows.
import { buttons, mapView, modalHeight, progress, title, type FlowState, type MapView } from '../flow/index.js';

export interface Screen {
  title: string | null;
  progress: number;
  height: number;
  map: MapView;
  canNext: boolean;
}

export const screenOf = (flow: FlowState): Screen => ({
  title: title(flow),
  progress: progress(flow),
  height: modalHeight(flow),
  map: mapView(flow),
  canNext: buttons(flow).next,
});
