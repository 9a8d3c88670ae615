/** A person's name as every screen and e-mail shows it: the parts that are given, one space apart. */
export const fullName = (first: string | null, last: string | null): string =>
  [first, last].filter(Boolean).join(' ');
