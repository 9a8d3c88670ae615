import { z } from 'zod';

// What an agency's address shows before anyone signs in (issue 24 item 4, decision 028): the agency's name and
// logo, nothing else about it. The address is the request's Host (decisions §2); the port is ignored.

/** Which address the request came to: the bare portal, an agency's, or neither. */
export const PortalAddressSchema = z.enum(['platform', 'agency', 'unknown']);
export type PortalAddress = z.infer<typeof PortalAddressSchema>;

export const BrandingSchema = z.object({
  address: PortalAddressSchema,
  /**
   * The agency at the address, when it may show its brand (verified by the platform and active); else null,
   * and the generic portal is shown.
   */
  agency: z
    .object({
      name: z.string(),
      /** The public address of its logo, versioned so a new upload is fetched anew; null without a logo. */
      logo_url: z.string().nullable(),
    })
    .nullable(),
});
export type Branding = z.infer<typeof BrandingSchema>;

/** `v` names the logo's version; the address alone decides whose logo it is. */
export const BrandingLogoQuerySchema = z.object({
  v: z
    .string()
    .regex(/^[0-9a-f]{1,64}$/, 'Version must be hexadecimal.')
    .optional(),
});
