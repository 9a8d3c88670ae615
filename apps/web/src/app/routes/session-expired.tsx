import { useSearchParams } from 'react-router';
import { SessionEnded } from '../../components/layouts/session-ended.tsx';

/** /session-expired?reason=… (spec §2). */
export function SessionExpiredScreen() {
  const [search] = useSearchParams();
  return <SessionEnded reason={search.get('reason')} />;
}
