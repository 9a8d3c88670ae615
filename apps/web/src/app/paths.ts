// The route table of spec §2, in one place (conventions: bulletproof-react's paths file).
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  sessionExpired: '/session-expired',
  unauthorized: '/unauthorized',
  terms: '/terms',
  changePassword: '/change-password',
  forgotPassword: '/forgot-password',
  /** Where a one-time password link opens (SET_PASSWORD_PATH of the contract). */
  setPassword: '/set-password',
  dashboard: '/dashboard',
  agencyDashboard: '/agency-dashboard',
  adminDashboard: '/agency-admin/dashboard',
  clientDashboard: '/agency-client/dashboard',
} as const;
