import type { SecondaryDocumentKind } from '@portal/contract';

/** What the member's detail says when a document of a new member could not be saved. */
export interface UploadFailure {
  kind: SecondaryDocumentKind;
  message: string;
}
