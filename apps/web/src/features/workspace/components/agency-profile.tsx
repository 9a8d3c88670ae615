import {
  type AgencyProfile,
  AgencyProfileUpdateSchema,
  INDIAN_STATES_AND_UTS,
  LOGO_MAX_BYTES,
} from '@portal/contract';
import { Check, Copy, ImageUp } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { QueryState, Skeleton } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { fetchAgencyLogo, useAgencyProfile } from '../api/get-agency-profile.ts';
import { useUpdateAgencyProfile } from '../api/update-agency-profile.ts';
import { useUploadAgencyLogo } from '../api/upload-agency-logo.ts';

type Values = Record<
  | 'AgencyName'
  | 'AgencyEmail'
  | 'AgencyPhoneNumber'
  | 'AlternatePhoneNumber'
  | 'Locality'
  | 'Society'
  | 'City'
  | 'StateName'
  | 'Pincode'
  | 'YearsInBusiness'
  | 'Website'
  | 'CompanyDescription'
  | 'LicenseNumber',
  string
>;

function toValues(p: AgencyProfile): Values {
  return {
    AgencyName: p.AgencyName,
    AgencyEmail: p.AgencyEmail,
    AgencyPhoneNumber: p.AgencyPhoneNumber,
    AlternatePhoneNumber: p.AlternatePhoneNumber ?? '',
    Locality: p.Locality,
    Society: p.Society ?? '',
    City: p.City,
    StateName: p.StateName,
    Pincode: p.Pincode,
    YearsInBusiness: p.YearsInBusiness === null ? '' : String(p.YearsInBusiness),
    Website: p.Website ?? '',
    CompanyDescription: p.CompanyDescription ?? '',
    LicenseNumber: p.LicenseNumber ?? '',
  };
}

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The agency's details, licence, logo and portal address ("Premium Agency"). */
export function AgencyProfileScreen() {
  const profile = useAgencyProfile();
  return (
    <QueryState
      query={profile}
      loading={
        <div
          className="flex flex-col gap-4"
          role="status"
          aria-busy="true"
          aria-label="Loading agency profile"
        >
          <Skeleton className="h-36" />
          <Skeleton className="h-96" />
        </div>
      }
      error="We could not load your agency profile."
    >
      {(data) => <ProfileEditor profile={data} />}
    </QueryState>
  );
}

function ProfileEditor({ profile }: { profile: AgencyProfile }) {
  const update = useUpdateAgencyProfile();
  const uploadLogo = useUploadAgencyLogo();
  const [values, setValues] = useState<Values>(() => toValues(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [copied, setCopied] = useState(false);
  const [logoVersion, setLogoVersion] = useState(profile.updated_at);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const logo = useObjectUrl(profile.logo_url ? `agency-logo:${logoVersion}` : null, (signal) =>
    fetchAgencyLogo(signal),
  );

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(profile.portal_address);
      setCopied(true);
      notify('success', 'Portal address copied.');
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      notify('error', 'Could not copy. Select the address and copy it instead.');
    }
  };

  const changeLogo = async (file: File | undefined) => {
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) return notify('error', 'Logo must be a PNG, JPEG or WebP image.');
    if (file.size > LOGO_MAX_BYTES) return notify('error', 'Logo must be at most 2 MiB.');
    setUploading(true);
    try {
      await uploadLogo.mutateAsync(file);
      setLogoVersion(String(Date.now()));
      notify('success', 'Logo updated.');
    } catch (err) {
      notify('error', err instanceof ApiError ? err.message : 'Could not upload the logo.');
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...values,
      YearsInBusiness: values.YearsInBusiness === '' ? undefined : values.YearsInBusiness,
    };
    const parsed = AgencyProfileUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await update.mutateAsync(body);
      setValues(toValues(saved));
      notify('success', 'Agency profile saved.');
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.fields);
        notify('error', err.message);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
        <div className="flex items-center gap-4">
          {logo ? (
            <img
              src={logo}
              alt={`${profile.AgencyName} logo`}
              className="size-20 rounded-xl object-contain ring-1 ring-slate-200"
            />
          ) : (
            <span className="flex size-20 items-center justify-center rounded-xl bg-primary-50 text-2xl font-semibold text-primary-800">
              {profile.AgencyName.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="min-w-0">
            <p className="text-xl font-semibold break-words text-slate-900">{profile.AgencyName}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              {profile.is_verified ? (
                <Badge tone="blue">Verified</Badge>
              ) : (
                <Badge tone="amber">Verification pending</Badge>
              )}
              <span>Owner: {profile.ClientName}</span>
              <span>· Since {formatDate(profile.registered_on)}</span>
            </div>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:ml-auto sm:items-end">
          <input
            ref={fileInput}
            type="file"
            accept={LOGO_TYPES.join(',')}
            className="sr-only"
            aria-label="Agency logo"
            onChange={(e) => void changeLogo(e.target.files?.[0])}
          />
          <Button variant="secondary" busy={uploading} onClick={() => fileInput.current?.click()}>
            {uploading ? null : <ImageUp className="size-4" aria-hidden />}
            {profile.logo_url ? 'Change logo' : 'Upload logo'}
          </Button>
        </div>
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="font-semibold text-slate-900">Your clients' portal</h2>
        <p className="mt-1 text-sm text-slate-600">
          Your clients sign in at this address to see their plans and documents.
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <code className="rounded-md bg-slate-100 px-3 py-2 text-sm break-all text-slate-900">
            {profile.portal_address}
          </code>
          <Button variant="secondary" onClick={copy} aria-label="Copy portal address">
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      </section>

      <form onSubmit={save} noValidate className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-4 font-semibold text-slate-900">Contact</legend>
          <TextField
            label="Agency Name"
            {...field('AgencyName')}
            hint="Your portal address stays the same."
          />
          <TextField label="Agency Email" type="email" {...field('AgencyEmail')} />
          <TextField label="Agency Phone Number" type="tel" {...field('AgencyPhoneNumber')} />
          <TextField label="Alternate Phone Number" type="tel" optional {...field('AlternatePhoneNumber')} />
        </fieldset>
        <fieldset className="mt-6 grid gap-4 sm:grid-cols-2">
          <legend className="mb-4 font-semibold text-slate-900">Address</legend>
          <TextField label="Locality" {...field('Locality')} />
          <TextField label="Society" optional {...field('Society')} />
          <TextField label="City" {...field('City')} />
          <SelectField
            label="State"
            placeholder="Select a state or union territory"
            options={INDIAN_STATES_AND_UTS}
            {...field('StateName')}
          />
          <TextField label="Pincode" inputMode="numeric" maxLength={6} {...field('Pincode')} />
        </fieldset>
        <fieldset className="mt-6 grid gap-4 sm:grid-cols-2">
          <legend className="mb-4 font-semibold text-slate-900">Company</legend>
          <TextField
            label="License Number"
            optional
            placeholder="IRDAI or AMFI registration"
            {...field('LicenseNumber')}
          />
          <TextField
            label="Years in Business"
            type="number"
            optional
            min={0}
            max={200}
            {...field('YearsInBusiness')}
          />
          <TextField label="Website" optional {...field('Website')} />
          <div className="sm:col-span-2">
            <TextAreaField label="Company Description" optional rows={3} {...field('CompanyDescription')} />
          </div>
        </fieldset>
        <div className="mt-6 flex justify-end">
          <Button type="submit" busy={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </div>
  );
}
