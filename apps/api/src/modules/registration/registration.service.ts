import {
  INSERTED_BY_SYSTEM,
  isReservedSlug,
  MSG,
  portalUrlFor,
  type Registration,
  type RegistrationResponse,
  slugify,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, uniqueViolation } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { registrationKey, reserveAttempt, throttled } from '../../lib/throttle.ts';
import * as repo from './registration.repository.ts';

export interface RegistrationDeps {
  db: Db;
  hasher: PasswordHasher;
  portalHost: string;
  portalScheme: string;
}

function emailConflict(): AppError {
  return new AppError('CONFLICT', MSG.emailTaken, MSG.emailTaken, {
    fields: { AgencyEmail: MSG.emailTaken },
  });
}

/**
 * The field a portal address's refusal names: the owner's chosen address when they sent one (issue 24 item 5),
 * else the agency name it was made from (older callers).
 */
type SlugField = 'PortalAddress' | 'AgencyName';

function slugConflict(
  slug: string,
  portalHost: string,
  field: SlugField,
  why: 'taken' | 'reserved',
): AppError {
  const what = why === 'taken' ? 'is already taken' : 'is reserved';
  const choose = field === 'PortalAddress' ? 'portal address' : 'agency name';
  const detail = `The portal address ${slug}.${portalHost} ${what}. Please choose a different ${choose}.`;
  return new AppError('CONFLICT', detail, detail, { fields: { [field]: detail } });
}

/**
 * Registers an agency owner (AO, unverified, active) and their agency in one transaction (spec §4,
 * decisions §2–§3), answering with the agency's portal address. Nothing is left behind on failure.
 */
export async function registerAgency(
  deps: RegistrationDeps,
  form: Registration,
  ip: string,
): Promise<RegistrationResponse> {
  // Every registration from an address counts, answered or refused (issue 23 item 7): a flood costs neither
  // hashes nor agencies, and whether an e-mail is taken cannot be asked over and over.
  const wait = await reserveAttempt(deps.db, [registrationKey(ip)]);
  if (wait > 0) throw throttled(MSG.tooManyRegistrations, wait);
  const slugField: SlugField = form.PortalAddress ? 'PortalAddress' : 'AgencyName';
  const slug = form.PortalAddress ?? slugify(form.AgencyName);
  if (!slug) {
    const detail = 'Agency Name must contain at least one English letter or digit for the portal address.';
    throw new AppError('BAD_REQUEST', detail, detail, { fields: { AgencyName: detail } });
  }
  if (isReservedSlug(slug)) throw slugConflict(slug, deps.portalHost, slugField, 'reserved');
  // Cheap checks first so a clash answers before spending a password hash; the unique indexes
  // below still decide when two registrations race.
  if (await repo.platformEmailTaken(deps.db, form.AgencyEmail)) throw emailConflict();
  if (await repo.slugTaken(deps.db, slug)) throw slugConflict(slug, deps.portalHost, slugField, 'taken');

  const passwordHash = await deps.hasher.forAddress(ip).hash(form.AgencyPassword);
  try {
    const created = await deps.db.transaction(async (tx) => {
      const user = await repo.insertOwnerUser(tx, {
        email: form.AgencyEmail,
        passwordHash,
        fullName: form.ClientName,
        phone: form.AgencyPhoneNumber,
      });
      const owner = await repo.insertOwnerAccount(tx, {
        userId: user.id,
        clientName: form.ClientName,
        newsletterSubscribed: form.newsletterSubscribed,
        insertedBy: INSERTED_BY_SYSTEM,
      });
      const agency = await repo.insertAgency(tx, {
        ownerId: owner.id,
        name: form.AgencyName,
        slug,
        email: form.AgencyEmail,
        phone: form.AgencyPhoneNumber,
        alternatePhone: form.AlternatePhoneNumber || null,
        locality: form.Locality,
        society: form.Society || null,
        city: form.City,
        stateName: form.StateName,
        countryId: 1,
        pincode: form.Pincode,
        website: form.Website || null,
        yearsInBusiness: form.YearsInBusiness ?? null,
        description: form.CompanyDescription || null,
      });
      await writeAudit(tx, {
        actorUserId: user.id,
        actorRole: 'AO',
        agencyId: agency.id,
        action: 'agency.registered',
        targetType: 'agency',
        targetId: agency.id,
        detail: { slug },
        ip,
      });
      return { ownerId: owner.id, agencyId: agency.id };
    });
    return {
      message: MSG.registrationSuccess,
      data: {
        client_id: created.ownerId,
        agency_id: created.agencyId,
        slug,
        portal_url: portalUrlFor(slug, deps.portalHost, deps.portalScheme),
      },
    };
  } catch (err) {
    const violation = uniqueViolation(err);
    if (violation?.constraint.includes('email')) throw emailConflict();
    if (violation?.constraint.includes('slug')) {
      throw slugConflict(slug, deps.portalHost, slugField, 'taken');
    }
    throw err;
  }
}
