// /project-radar (and /project-radar-alt, by path): the signed-in user's radar.
import { useLocation } from 'react-router';
import { RadarView } from './radar-view.js';

export default function ProjectRadarPage() {
  const { pathname } = useLocation();
  return <RadarView variant={pathname.startsWith('/project-radar-alt') ? 'alt' : 'radar'} />;
}
