import type { Db } from '../db/client.ts';
import type { DocumentStore } from './documents.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Store the files, then commit, else remove them: `work` runs in one transaction and pushes the id of each
 * document it saves onto `written`. Should the transaction fail, its rows were never committed, so the encrypted
 * files written for them are removed too, and the error goes on (issue 9 item 8).
 */
export async function storeFilesThenCommit<T>(
  deps: { db: Db; documents: DocumentStore },
  agencyId: string,
  work: (tx: Tx, written: string[]) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    return await deps.db.transaction((tx) => work(tx, written));
  } catch (err) {
    await deps.documents.discard(agencyId, written);
    throw err;
  }
}
