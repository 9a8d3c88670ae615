import { useSearchParams } from 'react-router';
import { AddMemberForm } from '../../../features/family/components/add-member-form.tsx';

/** /dashboard/secondary: "Add Secondary Client"; ?primary={id} chooses the client it was opened from. */
export function SecondaryAddScreen() {
  const [params] = useSearchParams();
  return <AddMemberForm preselected={params.get('primary')} />;
}
