import { useSearchParams } from 'react-router';
import { AddPlansForm } from '../../../features/plans/components/add-plans-form.tsx';

/** /dashboard/addPlans: "Add More Plans"; the chosen client is kept in the address (?client=). */
export function AddPlansScreen() {
  const [params, setParams] = useSearchParams();
  const clientId = params.get('client');
  return (
    <AddPlansForm
      clientId={clientId}
      onChooseClient={(id) => setParams(id ? { client: id } : {}, { replace: true })}
    />
  );
}
