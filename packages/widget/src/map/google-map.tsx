// Google's map, used only when the partner configured a maps key: the Maps JavaScript API is loaded
// through @googlemaps/js-api-loader the first time this module renders.
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { useEffect, useRef, useState } from 'react';
import type { MapView } from './map-types.js';

let configured = false;
/** Loads the Maps API once per page with the partner's key (country: US, English). */
export function loadGoogleMaps(key: string) {
  if (!configured) {
    setOptions({ key, v: 'weekly', language: 'en', region: 'US' });
    configured = true;
  }
  return importLibrary('maps');
}

export function GoogleMap({ view, mapsKey }: { view: MapView; mapsKey: string }) {
  const element = useRef<HTMLDivElement | null>(null);
  const map = useRef<google.maps.Map | null>(null);
  const pin = useRef<google.maps.Marker | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadGoogleMaps(mapsKey).then(
      ({ Map }) => {
        if (!live || !element.current) return;
        map.current ??= new Map(element.current, { disableDefaultUI: true, zoomControl: true, center: view.center, zoom: view.zoom });
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [mapsKey]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    current.setCenter(view.center);
    current.setZoom(view.zoom);
    if (view.marker) {
      pin.current ??= new google.maps.Marker({ map: current });
      pin.current.setPosition(view.marker);
    } else if (pin.current) {
      pin.current.setMap(null);
      pin.current = null;
    }
  });

  return (
    <div className="pd-map" data-zoom={view.zoom} data-center={`${view.center.lat},${view.center.lng}`}>
      <div ref={element} role="region" aria-label="Map" />
      {failed ? <p className="pd-hint">The map could not be loaded.</p> : null}
    </div>
  );
}
export default GoogleMap;
