import { FamiliesView } from '../../../features/family/components/families-view.tsx';

/** /dashboard/clients: the family view, each client with family members and the plans each holds (issue 5). */
export function FamiliesScreen() {
  return <FamiliesView />;
}
