import { useParams } from 'react-router';
import { ImportJobView } from '../../../features/imports/components/import-job.tsx';
import { ImportStart } from '../../../features/imports/components/import-start.tsx';

/** /dashboard/import: "Import clients", the upload, the template and the earlier imports (issue 26). */
export function ImportScreen() {
  return <ImportStart />;
}

/** /dashboard/import/:id: one import, from its dry run to its end; the id in the address survives a reload. */
export function ImportJobScreen() {
  const { id = '' } = useParams();
  // A new id is a new import: nothing of the last one's screen (its draft mapping, its filters) carries over.
  return <ImportJobView key={id} id={id} />;
}
