import type { PrimaryClientDetailResponse } from '@portal/contract';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { formatDate } from '../../../lib/format.ts';
import { emptyInsuredMember, type InsuredMemberDraft } from './plan-draft.ts';

// A health policy's insured members picked from the client's family (issue 24 item 8): ticking a person fills
// in their name, relationship, date of birth and phone; anyone else is still typed in as before.

/** A person of the client's family: the client (relationship 'Self') or one of their family members. */
export interface FamilyPerson {
  key: string;
  name: string;
  relationship: string;
  dob: string | null;
  phone: string | null;
}

const MAX_MEMBERS = 20;

/** The family of a client's record (spec §7 primary client detail): the client first, then their family. */
export function familyOf(detail: PrimaryClientDetailResponse['data']): FamilyPerson[] {
  return [
    {
      key: detail.client.primary_client_id,
      name: detail.client.full_name,
      relationship: 'Self',
      dob: detail.client.date_of_birth,
      phone: detail.client.phone,
    },
    ...detail.family_members.map((m) => ({
      key: m.secondary_client_id,
      name: m.full_name,
      relationship: m.relationship,
      dob: m.date_of_birth,
      phone: m.phone,
    })),
  ];
}
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const isBlank = (m: InsuredMemberDraft) => Object.values(m).every((v) => !v.trim());

function asMember(person: FamilyPerson): InsuredMemberDraft {
  return {
    insured_member_name: person.name,
    relationship: person.relationship,
    insured_member_dob: person.dob ?? '',
    insured_member_phone_number: person.phone ?? '',
  };
}

/** The members with the person added (in place of the empty first row) or taken out. */
export function toggleFamilyMember(
  members: InsuredMemberDraft[],
  person: FamilyPerson,
  on: boolean,
): InsuredMemberDraft[] {
  if (!on) {
    const rest = members.filter((m) => !sameName(m.insured_member_name, person.name));
    return rest.length > 0 ? rest : [emptyInsuredMember()];
  }
  if (members.some((m) => sameName(m.insured_member_name, person.name))) return members;
  const kept = members.filter((m) => !isBlank(m));
  return [...kept, asMember(person)].slice(0, MAX_MEMBERS);
}

export function FamilyPicker({
  family,
  members,
  disabled,
  onChange,
}: {
  family: FamilyPerson[];
  members: InsuredMemberDraft[];
  disabled: boolean;
  onChange: (members: InsuredMemberDraft[]) => void;
}) {
  if (family.length === 0) return null;
  const full = members.filter((m) => !isBlank(m)).length >= MAX_MEMBERS;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">From the family</legend>
      <p className="text-sm text-slate-500">
        Tick who this policy covers; their details are filled in below. Add anyone else with Add Member.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {family.map((person) => {
          const checked = members.some((m) => sameName(m.insured_member_name, person.name));
          return (
            <Checkbox
              key={person.key}
              checked={checked}
              disabled={disabled || (!checked && full)}
              onCheckedChange={(on) => onChange(toggleFamilyMember(members, person, on))}
              label={
                <>
                  <span className="font-medium text-slate-900">{person.name}</span>
                  <span className="text-slate-600">
                    {' '}
                    ({person.relationship}
                    {person.dob ? `, born ${formatDate(person.dob)}` : ''})
                  </span>
                </>
              }
            />
          );
        })}
      </div>
    </fieldset>
  );
}
