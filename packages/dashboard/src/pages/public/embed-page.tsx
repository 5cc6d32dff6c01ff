// /embed, /embed/construction-platform and /embed/us/...: the widget alone, full page, for iframes.
import { useParams } from 'react-router';
import { WidgetHost } from '../../ui/widget-host.js';

export default function EmbedPage() {
  const { state, county, city, municipalityName } = useParams();
  // A place in the path presets the lookup: its most specific piece, words instead of slugs.
  const place = [municipalityName, city, county, state].find(Boolean)?.replace(/-/g, ' ');
  return (
    <div className="embed-page" style={{ minHeight: "100vh", padding: "1rem" }}>
      <h1 className="visually-hidden">Permit lookup</h1>
      <WidgetHost {...(place ? { address: place } : {})} />
    </div>
  );
}
