import { MSG } from '@portal/contract';
import { AppError } from './errors.ts';
import type { TokenSubject } from './tokens.ts';

/** The caller's agency, from the token only (decisions §2): never from a path, a header or a body. */
export function agencyOf(subject: TokenSubject): string {
  if (!subject.agencyId) throw new AppError('FORBIDDEN', MSG.forbidden, 'The account has no agency.');
  return subject.agencyId;
}
