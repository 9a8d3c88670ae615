import { TeamScreen as Team } from '../../../features/team/components/team-screen.tsx';

/** /dashboard/team (issue 25 item 2): the owner's staff. */
export function TeamScreen() {
  return <Team />;
}
