import { ImportHistory } from './import-history.tsx';
import { TemplateDownloads } from './template-downloads.tsx';
import { UploadCard } from './upload-card.tsx';

/** /dashboard/import (issue 26 item 1): upload a spreadsheet, download the template, open an earlier import. */
export function ImportStart() {
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <UploadCard />
      <TemplateDownloads />
      <ImportHistory />
    </div>
  );
}
