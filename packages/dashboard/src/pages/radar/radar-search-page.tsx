// /project-radar/search and /project-radar/sorting: the radar with the query from the URL.
import { useLocation } from 'react-router';
import { RadarView } from './radar-view.js';

export default function RadarSearchPage() {
  const { pathname } = useLocation();
  return <RadarView variant={pathname.startsWith('/project-radar/sorting') ? 'sorting' : 'search'} />;
}
