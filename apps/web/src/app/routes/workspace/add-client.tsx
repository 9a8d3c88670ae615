import { AddClientForm } from '../../compositions/add-client-form.tsx';

/** /dashboard/users/add: "Add Primary Client", the client with their plans and PDFs in one submission. */
export function AddClientScreen() {
  return <AddClientForm />;
}
