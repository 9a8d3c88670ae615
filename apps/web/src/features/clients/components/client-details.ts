import {
  CreatePrimaryClientSchema,
  DOCUMENT_MAX_BYTES,
  type PrimaryClient,
  UpdatePrimaryClientSchema,
} from '@portal/contract';

// A primary client's own details as the one client form holds them (every input kept as text), for Add Primary
// Client and the edit dialog alike, checked with the contract's schemas so the messages are the API's.

export const CLIENT_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'nationality',
  'occupation',
  'email',
  'phone',
  'alternate_phone',
  'emergency_contact_name',
  'emergency_contact_phone',
  'house_number',
  'society',
  'locality',
  'city',
  'state',
  'pincode',
  'pan_number',
  'aadhaar_number',
] as const;
export type ClientField = (typeof CLIENT_FIELDS)[number];
export type ClientValues = Record<ClientField, string>;

/** A new client's details: nothing typed, Indian by default. */
export const emptyClientValues = (): ClientValues => ({
  ...(Object.fromEntries(CLIENT_FIELDS.map((f) => [f, ''])) as ClientValues),
  nationality: 'Indian',
});

/** The stored client as the form shows it; PAN and Aadhaar start blank (screens only see them masked). */
export function clientValuesOf(client: PrimaryClient): ClientValues {
  const v = (x: string | null) => x ?? '';
  return {
    first_name: client.first_name,
    last_name: v(client.last_name),
    date_of_birth: v(client.date_of_birth),
    gender: v(client.gender).toLowerCase(),
    nationality: v(client.nationality),
    occupation: v(client.occupation),
    email: v(client.email),
    phone: v(client.phone),
    alternate_phone: v(client.alternate_phone),
    emergency_contact_name: v(client.emergency_contact_name),
    emergency_contact_phone: v(client.emergency_contact_phone),
    house_number: v(client.house_number),
    society: v(client.society),
    locality: v(client.locality),
    city: v(client.city),
    state: v(client.state),
    pincode: v(client.pincode),
    pan_number: '',
    aadhaar_number: '',
  };
}

const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The photo's own rules before upload; the API checks the content again (decisions §5). */
export function avatarError(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!PHOTO_TYPES.includes(file.type)) return 'Photo must be a PNG, JPEG or WebP image.';
  if (file.size > DOCUMENT_MAX_BYTES) return 'Photo must be at most 10 MiB.';
  return undefined;
}

type Issues = ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;

/** The first message of each field, keyed by the request's path ('pincode', 'portal_access.initial_password'). */
function byField(issues: Issues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** A new client's problems (CreatePrimaryClientSchema): their details, and the portal's sign-in when it is on. */
export function newClientErrors(
  values: ClientValues,
  portal: { enabled: boolean; initialPassword: string },
): Record<string, string> {
  const parsed = CreatePrimaryClientSchema.safeParse({
    ...values,
    portal_access: {
      enabled: portal.enabled,
      initial_password: portal.enabled ? portal.initialPassword : null,
    },
  });
  return parsed.success ? {} : byField(parsed.error.issues);
}

/** An edit's problems (UpdatePrimaryClientSchema); empty when it may be sent. */
export function clientUpdateErrors(values: ClientValues): Record<string, string> {
  const parsed = UpdatePrimaryClientSchema.safeParse(values);
  return parsed.success ? {} : byField(parsed.error.issues);
}
