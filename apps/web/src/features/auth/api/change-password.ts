import { apiCall } from '../../../lib/api-client.ts';

export function changePassword(body: { current_password: string; new_password: string }) {
  return apiCall('changePassword', { body, quiet: true });
}
