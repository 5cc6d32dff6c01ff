// What every map of the address step shows: a centre, a zoom level (Google's scale) and maybe a marker.
export interface LatLng {
  lat: number;
  lng: number;
}
export interface MapView {
  center: LatLng;
  zoom: number;
  marker: LatLng | null;
}
